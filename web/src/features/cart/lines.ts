import { canOrder } from '@/lib/quantity';
import type { CartLine } from './api-types';

/** A line's name, or what to call a part that is no longer sold. */
export function lineName(line: CartLine): string {
  return line.partName || 'A part no longer sold';
}

/** Whether the line's quantity can be changed: its part is still sold and can meet its minimum order. */
export function canChangeQuantity(line: CartLine): boolean {
  return line.problem !== 'deleted' && canOrder(line);
}

/**
 * The quantity that puts right a line over the stock or under the minimum order, or null when
 * there is none (a part gone or out of stock: only removing it helps).
 */
export function fixedQuantity(line: CartLine): number | null {
  if (!canChangeQuantity(line)) return null;
  if (line.problem === 'notEnoughStock') return line.availableQuantity;
  if (line.problem === 'belowMinimum') return line.minimumOrder;
  return null;
}

/**
 * The messages an order's refusal names for each line (`fields` like "lines.1.quantity": "Only 1 in
 * stock"), by the line's place in the cart.
 */
export function lineErrors(fields: Record<string, string>): Map<number, string> {
  const errors = new Map<number, string>();
  for (const [field, message] of Object.entries(fields)) {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
    if (match && !errors.has(Number(match[1]))) errors.set(Number(match[1]), message);
  }
  return errors;
}

/**
 * The goods and the core deposits charged beside them, added in cents so that no fraction of a
 * cent creeps in.
 */
export function withDeposits(goods: number, coreCharges: number): number {
  return (Math.round(goods * 100) + Math.round(coreCharges * 100)) / 100;
}

/** The cart's name with its count of units, as the header's cart button says it: "Cart, 3 items". */
export function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}
