import { useParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { OrderDocument } from '@/features/orders/components/order-document';
import { PolicySentence } from '@/features/returns/components/return-parts';

/** One of the buyer's orders: its lines, delivery and figures, printable as an invoice. */
export default function OrderRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title={`Order #${id}`} />
      <div className="print:hidden">
        <PageHeading title={`Order #${id}`}>Its parts, where it goes and what it cost. Print it as an invoice.</PageHeading>
      </div>
      <OrderDocument
        orderId={id}
        kind="invoice"
        backTo={{ href: paths.dashboard.orders.getHref(), label: 'Back to My Orders' }}
        terms={<PolicySentence />}
      />
    </>
  );
}
