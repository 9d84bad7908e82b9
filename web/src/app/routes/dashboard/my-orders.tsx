import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { MyOrders } from '@/features/orders/components/my-orders';
import { useSignedInUser } from '@/lib/auth';

export default function MyOrdersRoute() {
  const user = useSignedInUser();
  return (
    <>
      <PageTitle title="My Orders" />
      <PageHeading title="My Orders">Everything you ordered, newest first. Pay for open orders or cancel them.</PageHeading>
      <MyOrders buyer={user.email} />
    </>
  );
}
