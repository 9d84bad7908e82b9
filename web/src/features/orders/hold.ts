import type { Order } from './types';

/** Who is looking at an order: its buyer (My Orders) or the shop's staff (Manage Orders). */
export type Viewer = 'buyer' | 'admin';

/** Why a cancelled order was cancelled, in the viewer's words; null when not cancelled or not known. */
export function cancelReasonText(order: Pick<Order, 'fulfilmentStatus' | 'cancelReason'>, viewer: Viewer): string | null {
  if (order.fulfilmentStatus !== 'cancelled') return null;
  switch (order.cancelReason) {
    case 'expired':
      return 'Not paid in time';
    case 'buyer':
      return viewer === 'buyer' ? 'Cancelled by you' : 'Cancelled by the buyer';
    case 'admin':
      return 'Cancelled by the shop';
    default:
      return null;
  }
}

/** When an unpaid open order's stock is released unless it is paid; null for any other order. */
export function holdDeadline(order: Pick<Order, 'paymentStatus' | 'fulfilmentStatus' | 'holdExpiresAt'>): Date | null {
  if (order.paymentStatus !== 'unpaid' || order.fulfilmentStatus !== 'pending' || !order.holdExpiresAt) return null;
  const deadline = new Date(order.holdExpiresAt);
  return Number.isNaN(deadline.getTime()) ? null : deadline;
}

/**
 * A deadline in the viewer's local time: the time alone when it falls today ("2:35 PM"), with its
 * day otherwise ("Jan 3, 2:35 PM"). `timeZone` is for tests; the browser's own zone by default.
 */
export function formatDeadline(deadline: Date, { now = new Date(), timeZone }: { now?: Date; timeZone?: string } = {}): string {
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
  const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone });
  if (day.format(deadline) === day.format(now)) return time.format(deadline);
  const dayAndTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
  return dayAndTime.format(deadline);
}

/** How long until the earliest of these orders' holds runs out (ms), or null when none is still to come. */
export function msUntilFirstRelease(orders: readonly Order[], now: number): number | null {
  const waits = orders
    .map((order) => holdDeadline(order)?.getTime())
    .filter((time): time is number => time !== undefined && time > now)
    .map((time) => time - now);
  return waits.length > 0 ? Math.min(...waits) : null;
}
