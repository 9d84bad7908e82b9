import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrder } from '../api/get-order';
import { usePaymentIntent } from '../api/pay-order';
import { OrderLoadError } from './order-load-error';
import { PaymentPanel } from './payment-panel';
import { PaymentSummary } from './payment-summary';

/**
 * The payment page's content: the order summary and the card form. The order and its payment
 * are asked for at once, so the form is ready as soon as the page is.
 */
export function OrderPayment({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const intent = usePaymentIntent(orderId);

  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    const backTo = { href: paths.dashboard.orders.getHref(), label: 'Back to My Orders' };
    return <OrderLoadError error={order.error} onRetry={() => void order.refetch()} backTo={backTo} />;
  }

  return (
    <div className="grid max-w-5xl items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <PaymentSummary order={order.data} />
      <PaymentPanel orderId={orderId} intent={intent} order={order.data} />
      <div className="lg:col-span-2">
        <Link to={paths.dashboard.orders.getHref()} className="btn btn-outline">
          Back to My Orders
        </Link>
      </div>
    </div>
  );
}
