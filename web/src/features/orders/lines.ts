import type { Order, OrderLine } from './types';

/** The order's lines; an answer without them is an order of its one part. */
export function orderLines(order: Order): OrderLine[] {
  if (order.lines && order.lines.length > 0) return order.lines;
  return [
    {
      partId: order.partId,
      partName: order.partName,
      sku: '',
      unitPrice: order.unitPrice,
      quantity: order.quantity,
      price: order.price,
      weightKg: 0,
      coreCharge: 0,
    },
  ];
}

/**
 * The order's number as the buyer and the staff both see it, "#1042": its id, as the shop's e-mails
 * also give it (docs/decisions.md, D30).
 */
export function orderNumber(id: string): string {
  return `#${id}`;
}

/** What the card is charged: the goods, delivery, tax and core deposits. */
export function orderTotal(order: Order): number {
  return order.total ?? order.price;
}

/** Whether the order has more than one line. */
export function hasSeveralLines(order: Order): boolean {
  return (order.lines?.length ?? 0) > 1;
}

/**
 * Whether the order costs more than its goods (delivery, tax or core deposits): then its figures are
 * shown apart.
 */
export function hasExtras(order: Order): boolean {
  return (order.shipping ?? 0) > 0 || (order.tax ?? 0) > 0 || coreDeposits(order) > 0;
}

/** The order's core deposits: refundable, untaxed, part of its total (0 for none, or an older answer). */
export function coreDeposits(order: Order): number {
  return order.coreCharges ?? 0;
}

/** What a line's core deposit comes to: its deposit on each unit times its quantity. */
export function lineDeposit(line: Pick<OrderLine, 'coreCharge' | 'quantity'>): number {
  return Math.round(line.coreCharge * 100 * line.quantity) / 100;
}

/** How many units the order holds, over all its lines. */
export function orderUnits(order: Order): number {
  return orderLines(order).reduce((sum, line) => sum + line.quantity, 0);
}

/** The quantity a list of orders shows: the units over all lines, or the one line's quantity. */
export function orderQuantity(order: Order): number {
  return hasSeveralLines(order) ? orderUnits(order) : order.quantity;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The day the order was placed, as a list of orders shows it ("Jan 2, 2026"); empty for a date it cannot read. */
export function orderDate(order: Pick<Order, 'createdAt'>): string {
  const date = new Date(order.createdAt);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** How the order travels: "Counter pickup" unless it was sent. */
/** Whether the buyer collects the order at the trade counter (no delivery method). */
export function isPickup(order: Pick<Order, 'deliveryMethod'>): boolean {
  return (order.deliveryMethod?.id ?? 'pickup') === 'pickup';
}

export function deliveryName(order: Order): string {
  return order.deliveryMethod?.name ?? 'Counter pickup';
}
