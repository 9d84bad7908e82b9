import type { Order } from '../types';

const STYLES: Record<Order['status'], string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
};

/** An order's status as a coloured badge with its word. */
export function OrderStatus({ status }: { status: Order['status'] }) {
  return <span className={`badge ${STYLES[status] ?? 'badge-ghost'} capitalize`}>{status}</span>;
}
