import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DataColumn } from '@/components/ui/data-table';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSignOut } from '@/lib/auth';
import { useMoney } from '@/lib/config';
import { notify } from '@/lib/notify';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders } from '../api/get-orders';
import { msUntilFirstRelease } from '../hold';
import { hasSeveralLines, orderDate, orderNumber, orderQuantity, orderTotal, orderUnits } from '../lines';
import type { Order } from '../types';
import { CancelReasonNote, FulfilmentBadge, PayByNote, PaymentBadge, ShipmentNote } from './order-badges';
import { OrderParts, OrderTotal } from './order-lines';
import { OrderSums } from './order-sums';
import { OrdersTable } from './orders-table';

/** After a hold runs out, how long to give the shop to release the order before asking again. */
const RELEASE_GRACE_MS = 1000;
/** The longest wait a browser timer takes (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * My Orders: the buyer's orders with their numbers (the ones the staff see), their payment and fulfilment badges, Pay and Cancel for
 * unpaid ones (with the time to pay by before the shop releases them), why a cancelled one was
 * cancelled, the transaction id for paid ones, the carrier and tracking number of shipped ones, and
 * Return items for delivered or collected ones.
 */
export function MyOrders({ buyer }: { buyer: string }) {
  const orders = useOrders(buyer);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const signOut = useSignOut();
  const navigate = useNavigate();
  // A refused bookings call ends the session (401 is handled for every call).
  const refused = orders.error instanceof ApiError && orders.error.status === 403;

  useEffect(() => {
    if (!refused) return;
    signOut();
    void navigate(paths.home.getHref(), { replace: true });
  }, [refused, signOut, navigate]);

  // When an unpaid order's hold runs out the shop cancels it: ask again then, so it shows as such.
  const { data, refetch } = orders;
  useEffect(() => {
    if (!data) return;
    const wait = msUntilFirstRelease(data, Date.now());
    if (wait === null) return;
    const timer = window.setTimeout(() => void refetch(), Math.min(wait + RELEASE_GRACE_MS, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [data, refetch]);

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

  const onCancel = (order: Order) => setCancelling(order);

  return (
    <>
      {/* Cards on phones; the table from sm up. */}
      <OrdersTable
        orders={orders.data}
        viewer="buyer"
        cardsBelow="sm"
        number={(order) => orderNumber(order._id)}
        columns={COLUMNS}
        actions={(order) => <OrderActions order={order} onCancel={onCancel} />}
        card={(order) => <OrderCard order={order} onCancel={onCancel} />}
      />
      <CancelOrderModal order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/** The columns between the order's number and its badges. */
const COLUMNS: DataColumn<Order>[] = [
  {
    header: 'Part',
    cell: (order) => (
      <div className="font-medium">
        <OrderParts order={order} />
      </div>
    ),
  },
  { header: 'Qty', cell: orderQuantity },
  { header: 'Total', className: 'whitespace-nowrap', cell: (order) => <OrderTotal order={order} /> },
];

/** An order on a phone: what it is, where it stands, what it costs, and Pay and Cancel. */
function OrderCard({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const money = useMoney();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="font-semibold">
            <OrderParts order={order} />
          </div>
          <p className="text-xs text-base-content/70">
            Order {orderNumber(order._id)} · {orderDate(order)}
          </p>
        </div>
        <OrderBadges order={order} />
      </div>
      {hasSeveralLines(order) ? null : (
        <p className="mt-2 text-sm">
          {order.quantity} × {money(order.unitPrice)}
        </p>
      )}
      <OrderSums order={order} className="mt-2 max-w-xs text-sm" />
      <div className="mt-1">
        <ShipmentNote order={order} />
      </div>
      <div className="mt-3">
        <OrderActions order={order} onCancel={onCancel} />
      </div>
    </>
  );
}

/** The payment and fulfilment badges, one above the other and saying what each is (the phone cards). */
function OrderBadges({ order }: { order: Order }) {
  return (
    <div className="flex shrink-0 flex-col items-end gap-1">
      <PaymentBadge order={order} labelled />
      <FulfilmentBadge order={order} labelled />
      <CancelReasonNote order={order} viewer="buyer" />
    </div>
  );
}

/**
 * Pay and Cancel for an unpaid order, with the time to pay by; the transaction id once paid (kept
 * after a refund).
 */
function OrderActions({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <PaymentCell order={order} />
        <DetailsLink order={order} />
        <ReturnLink order={order} />
        {order.status === 'unpaid' ? (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            aria-label={`Cancel order for ${order.partName}`}
            onClick={() => onCancel(order)}
          >
            Cancel
          </button>
        ) : null}
      </div>
      <PayByNote order={order} />
    </div>
  );
}

/**
 * The order's own page, with its lines and figures, printable as an invoice. A shop that answers
 * without lines has no more to show than the row itself.
 */
function DetailsLink({ order }: { order: Order }) {
  if (!order.lines) return null;
  return (
    <Link to={paths.dashboard.order.getHref(order._id)} className="btn btn-sm btn-ghost" aria-label={`Details of order ${orderNumber(order._id)}`}>
      Details
    </Link>
  );
}

/** Return items, for a paid order once delivered or collected (the shop checks its return window). */
function ReturnLink({ order }: { order: Order }) {
  if (order.fulfilmentStatus !== 'delivered' || order.paymentStatus !== 'paid') return null;
  return (
    <Link
      to={paths.dashboard.newReturn.getHref(order._id)}
      className="btn btn-sm btn-outline"
      aria-label={`Return items from order ${orderNumber(order._id)}`}
    >
      Return items
    </Link>
  );
}

function PaymentCell({ order }: { order: Order }) {
  if (order.transactionId) {
    return <div className="max-w-[14rem] break-all text-xs text-base-content/75">Transaction id: {order.transactionId}</div>;
  }
  if (order.status === 'unpaid' && orderTotal(order) > 0) {
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
  return null;
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
      {order && hasSeveralLines(order) ? (
        <p>
          Your order {orderNumber(order._id)} of <strong>{orderUnits(order)}</strong> parts will be cancelled and the parts go back into
          stock. This cannot be undone.
        </p>
      ) : (
        <p>
          Your order for <strong>{order?.quantity}</strong> × <strong>{order?.partName}</strong> will be cancelled and the
          parts go back into stock. This cannot be undone.
        </p>
      )}
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
