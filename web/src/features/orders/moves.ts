import type { FulfilmentStatus, Order, PaymentStatus } from './types';

/** What an admin can do to an order (the server refuses any other move with 409). */
export type OrderMove = 'ship' | 'deliver' | 'cancel' | 'refund';

/** The order state each move starts from: (payment, fulfilment). */
const FROM: Record<OrderMove, [PaymentStatus, FulfilmentStatus]> = {
  ship: ['paid', 'pending'],
  deliver: ['paid', 'shipped'],
  cancel: ['unpaid', 'pending'],
  refund: ['paid', 'pending'],
};

/** In the order the buttons are shown. */
export const ORDER_MOVES: readonly OrderMove[] = ['ship', 'deliver', 'cancel', 'refund'];

/** The moves allowed from this order's state, in button order. */
export function allowedMoves(order: Pick<Order, 'paymentStatus' | 'fulfilmentStatus'>): OrderMove[] {
  return ORDER_MOVES.filter((move) => {
    const [payment, fulfilment] = FROM[move];
    return order.paymentStatus === payment && order.fulfilmentStatus === fulfilment;
  });
}

/** Each move's button text. */
export const MOVE_LABELS: Record<OrderMove, string> = {
  ship: 'Ship',
  deliver: 'Deliver',
  cancel: 'Cancel',
  refund: 'Refund',
};

/**
 * A move's words for this order: a pickup order is not shipped and delivered but made ready at
 * the counter and collected (the same moves to the shop: `ship`, `deliver`; D37).
 */
export function moveLabel(move: OrderMove, pickup: boolean): string {
  if (pickup && move === 'ship') return 'Ready to collect';
  if (pickup && move === 'deliver') return 'Collected';
  return MOVE_LABELS[move];
}

/** Whether a move gives the order's parts back to stock. */
export function givesStockBack(move: OrderMove): boolean {
  return move === 'cancel' || move === 'refund';
}

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refunded: 'Refunded',
};

/** The words of each fulfilment state; "pending" reads by the payment (see FulfilmentBadge). */
export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  pending: 'Being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * The Manage Orders filter: each choice and the query it sends to GET /api/admin/orders
 * (`status` is the derived summary, so "Paid" means paid and not yet shipped).
 */
export const ORDER_FILTERS = [
  { value: 'all', label: 'All orders', query: {} },
  { value: 'unpaid', label: 'Unpaid', query: { status: 'unpaid' } },
  { value: 'paid', label: 'Paid, to ship', query: { status: 'paid' } },
  { value: 'shipped', label: 'Shipped', query: { fulfilment: 'shipped' } },
  { value: 'delivered', label: 'Delivered', query: { fulfilment: 'delivered' } },
  { value: 'cancelled', label: 'Cancelled', query: { fulfilment: 'cancelled' } },
  { value: 'refunded', label: 'Refunded', query: { payment: 'refunded' } },
] as const satisfies readonly { value: string; label: string; query: Record<string, string> }[];

export type OrderFilter = (typeof ORDER_FILTERS)[number]['value'];

/** A filter from the page's address; anything unknown is "all". */
export function parseOrderFilter(value: string | null): OrderFilter {
  return ORDER_FILTERS.find((filter) => filter.value === value)?.value ?? 'all';
}
