import { useParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { PaymentSummary } from '@/features/orders/components/payment-summary';

export default function PaymentRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title="Payment" />
      <PageHeading title="Payment">Check your order before paying.</PageHeading>
      <PaymentSummary orderId={id} />
    </>
  );
}
