import { useParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { OrderDocument } from '@/features/orders/components/order-document';

/** One order for the staff: what to pick and where it goes, printable as a packing slip. */
export default function ManageOrderRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title={`Order #${id}`} />
      <div className="print:hidden">
        <PageHeading title={`Order #${id}`}>What to pick and where it goes. Print it as the parcel&apos;s packing slip.</PageHeading>
      </div>
      <OrderDocument orderId={id} kind="packing-slip" backTo={{ href: paths.dashboard.manageOrders.getHref(), label: 'Back to Manage Orders' }} />
    </>
  );
}
