import { FULFILMENT_LABELS, PAYMENT_LABELS } from '../moves';
import type { FulfilmentStatus, PaymentStatus } from '../types';

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

/** Where the order's money stands: Unpaid, Paid or Refunded. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${PAYMENT_STYLES[status] ?? 'badge-ghost'}`} title="Payment">
      {PAYMENT_LABELS[status] ?? status}
    </span>
  );
}

/** Where the order's parts stand: Pending, Shipped, Delivered or Cancelled. */
export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${FULFILMENT_STYLES[status] ?? 'badge-ghost'}`} title="Fulfilment">
      {FULFILMENT_LABELS[status] ?? status}
    </span>
  );
}
