import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/config';
import { useOrder } from '../api/get-order';
import { OrderStatus } from './order-status';

/** The payment route's order summary; the card form arrives with its own issue. */
export function PaymentSummary({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const money = useMoney();

  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) return <ErrorBox error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;

  return (
    <div className="grid max-w-xl gap-6">
      <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="order-summary-title">
        <div className="card-body">
          <h2 id="order-summary-title" className="card-title">
            Order summary
          </h2>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
            <dt className="text-base-content/70">Part</dt>
            <dd className="font-semibold">{o.partName}</dd>
            <dt className="text-base-content/70">Quantity</dt>
            <dd>{o.quantity}</dd>
            <dt className="text-base-content/70">Unit price</dt>
            <dd>{money(o.unitPrice)}</dd>
            <dt className="text-base-content/70">Total</dt>
            <dd className="text-lg font-bold">{money(o.price)}</dd>
            <dt className="text-base-content/70">Status</dt>
            <dd>
              <OrderStatus status={o.status} />
            </dd>
            {o.paid && o.transactionId ? (
              <>
                <dt className="text-base-content/70">Transaction id</dt>
                <dd className="break-all">{o.transactionId}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </section>
      {o.status === 'unpaid' ? (
        <div className="alert alert-info alert-soft">
          <span>
            Card payment is coming soon. Your order is saved and waits for payment; come back here from My Orders once
            card payment opens.
          </span>
        </div>
      ) : null}
      <div>
        <Link to={paths.dashboard.orders.getHref()} className="btn btn-outline">
          Back to My Orders
        </Link>
      </div>
    </div>
  );
}
