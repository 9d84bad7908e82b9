import { cancelReasonText, formatDeadline, holdDeadline, type Viewer } from '../hold';
import { isPickup } from '../lines';
import { FULFILMENT_LABELS, PAYMENT_LABELS } from '../moves';
import type { FulfilmentStatus, Order, PaymentStatus } from '../types';

const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  refunded: 'badge-neutral',
};

const FULFILMENT_STYLES: Record<FulfilmentStatus, string> = {
  pending: 'badge-ghost',
  shipped: 'badge-info',
  delivered: 'badge-success badge-outline',
  cancelled: 'badge-error badge-outline',
};

/**
 * A badge's words. `labelled` says what the badge is ("Payment: Paid"), where no column heading does:
 * the phone cards and the order's own page.
 */
type BadgeProps = {
  order: Pick<Order, 'paymentStatus' | 'fulfilmentStatus'> & Partial<Pick<Order, 'deliveryMethod' | 'refundedAmount' | 'total' | 'price'>>;
  labelled?: boolean;
};

/** A pickup order's words for where it stands: made ready at the counter, then collected (D37). */
const PICKUP_WORDS: Partial<Record<FulfilmentStatus, string>> = { shipped: 'Ready to collect', delivered: 'Collected' };

/** Whether returns have refunded some of a paid order, but not all of it. */
function partlyRefunded(order: BadgeProps['order']): boolean {
  const refunded = order.refundedAmount ?? 0;
  const total = order.total ?? order.price;
  return order.paymentStatus === 'paid' && refunded > 0 && total !== undefined && refunded < total;
}

/**
 * Where the order's money stands: Unpaid, Paid, Partly refunded (by returns) or Refunded; an unpaid
 * order that was cancelled owes nothing, and says "Not charged" without the warning colour of one
 * still to pay.
 */
export function PaymentBadge({ order, labelled = false }: BadgeProps) {
  const status = order.paymentStatus;
  const notCharged = status === 'unpaid' && order.fulfilmentStatus === 'cancelled';
  const partly = partlyRefunded(order);
  const word = notCharged ? 'Not charged' : partly ? 'Partly refunded' : (PAYMENT_LABELS[status] ?? status);
  const style = notCharged ? 'badge-ghost' : partly ? 'badge-success badge-outline' : (PAYMENT_STYLES[status] ?? 'badge-ghost');
  return (
    <span className={`badge whitespace-nowrap ${style}`} title="Payment">
      {labelled ? `Payment: ${word}` : word}
    </span>
  );
}

/**
 * Where the order's parts stand: Awaiting payment or Being prepared (both "pending" to the shop, so a
 * paid order never reads as a payment still pending), Shipped, Delivered or Cancelled.
 */
export function FulfilmentBadge({ order, labelled = false }: BadgeProps) {
  const status = order.fulfilmentStatus;
  const pickup = isPickup(order);
  const word =
    status === 'pending'
      ? order.paymentStatus === 'unpaid'
        ? 'Awaiting payment'
        : 'Being prepared'
      : ((pickup ? PICKUP_WORDS[status] : undefined) ?? FULFILMENT_LABELS[status] ?? status);
  return (
    <span className={`badge whitespace-nowrap ${FULFILMENT_STYLES[status] ?? 'badge-ghost'}`} title="Fulfilment">
      {labelled ? `Status: ${word}` : word}
    </span>
  );
}

/** Beside a cancelled order's badge: why it was cancelled ("Not paid in time", "Cancelled by you"...). */
export function CancelReasonNote({ order, viewer }: { order: Order; viewer: Viewer }) {
  const reason = cancelReasonText(order, viewer);
  return reason ? <span className="text-xs whitespace-nowrap text-base-content/75">{reason}</span> : null;
}

/** Near an unpaid order's Pay button: until when its parts are held for it. */
export function PayByNote({ order }: { order: Order }) {
  const deadline = holdDeadline(order);
  if (!deadline) return null;
  return (
    <p className="text-xs text-base-content/75">
      Pay by <time dateTime={deadline.toISOString()}>{formatDeadline(deadline)}</time> to keep it
    </p>
  );
}

/** Under a shipped order's badge: its carrier and tracking number, when the shop gave them. */
export function ShipmentNote({ order }: { order: Order }) {
  const carrier = order.carrier?.trim();
  const tracking = order.trackingNumber?.trim();
  if (!carrier && !tracking) return null;
  return (
    <p className="text-xs text-base-content/75">
      {carrier ? <span className="block">Carrier: {carrier}</span> : null}
      {tracking ? <span className="block break-all">Tracking number: {tracking}</span> : null}
    </p>
  );
}
