import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { notify } from '@/lib/notify';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders } from '../api/get-orders';
import type { Order } from '../types';
import { OrderStatus } from './order-status';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** My Orders: the buyer's orders with status, Pay and Cancel for unpaid ones, "Paid" and the transaction id for paid ones. */
export function MyOrders({ buyer }: { buyer: string }) {
  const orders = useOrders(buyer);
  const money = useMoney();
  const [cancelling, setCancelling] = useState<Order | null>(null);

  if (orders.isPending) return <Spinner label="Loading your orders" />;
  if (orders.isError) return <ErrorBox error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
        <p className="mb-4">You have not ordered anything yet.</p>
        <Link to={paths.home.getHref()} className="btn btn-primary">
          Browse parts
        </Link>
      </div>
    );
  }

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Qty</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order) => (
              <tr key={order._id}>
                <td>
                  <div className="font-medium">{order.partName}</div>
                  <div className="text-xs text-base-content/70">{formatDate(order.createdAt)}</div>
                </td>
                <td>{order.quantity}</td>
                <td className="whitespace-nowrap">{money(order.price)}</td>
                <td>
                  <OrderStatus status={order.status} />
                </td>
                <td>
                  <PaymentCell order={order} />
                </td>
                <td>
                  {order.status === 'unpaid' ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      aria-label={`Cancel order for ${order.partName}`}
                      onClick={() => setCancelling(order)}
                    >
                      Cancel
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CancelOrderModal order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function PaymentCell({ order }: { order: Order }) {
  if (order.paid) {
    return (
      <div>
        <span className="font-semibold text-success">Paid</span>
        {order.transactionId ? (
          <div className="max-w-[14rem] break-all text-xs text-base-content/75">Transaction id: {order.transactionId}</div>
        ) : null}
      </div>
    );
  }
  if (order.status === 'unpaid' && order.price > 0) {
    return (
      <Link
        to={paths.dashboard.payment.getHref(order._id)}
        className="btn btn-sm btn-primary"
        aria-label={`Pay for ${order.partName}`}
      >
        Pay
      </Link>
    );
  }
  return <span className="text-base-content/60">—</span>;
}

function CancelOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const cancelOrder = useCancelOrder();
  const confirm = () => {
    if (!order) return;
    cancelOrder.mutate(order, {
      onSuccess: () => notify.success(`Your order for ${order.partName} is cancelled.`),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: onClose,
    });
  };
  return (
    <Modal open={order !== null} title="Cancel this order?" onClose={onClose}>
      <p>
        Your order for <strong>{order?.quantity}</strong> × <strong>{order?.partName}</strong> will be cancelled and the
        parts go back into stock. This cannot be undone.
      </p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Keep Order
        </button>
        <button type="button" className="btn btn-error" disabled={cancelOrder.isPending} onClick={confirm}>
          Cancel Order
        </button>
      </div>
    </Modal>
  );
}
