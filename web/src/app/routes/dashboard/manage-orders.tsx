import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { ManageOrders } from '@/features/orders/components/manage-orders';

export default function ManageOrdersRoute() {
  return (
    <>
      <PageTitle title="Manage Orders" />
      <PageHeading title="Manage Orders">Every order, newest first. Ship paid orders, mark them delivered, cancel or refund.</PageHeading>
      <ManageOrders />
    </>
  );
}
