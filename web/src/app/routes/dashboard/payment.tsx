import { useParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { OrderPayment } from '@/features/orders/components/order-payment';

export default function PaymentRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title="Payment" />
      <PageHeading title="Payment">Check your order, then pay for it by card.</PageHeading>
      <OrderPayment orderId={id} />
    </>
  );
}
