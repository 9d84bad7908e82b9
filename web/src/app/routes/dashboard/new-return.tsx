import { useParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { RequestReturnForm } from '@/features/returns/components/request-return-form';

/** Return items: the buyer asks to send back parts of a delivered or collected order. */
export default function NewReturnRoute() {
  const { orderId = '' } = useParams();
  return (
    <>
      <PageTitle title={`Return items from order #${orderId}`} />
      <PageHeading title="Return items">Choose the parts to send back and tell us why. We answer by e-mail, usually within a working day.</PageHeading>
      <RequestReturnForm key={orderId} orderId={orderId} />
    </>
  );
}
