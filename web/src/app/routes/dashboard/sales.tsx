import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { SalesDashboard } from '@/features/admin/components/sales-dashboard';
import { RestockModal } from '@/features/parts/components/restock-modal';

/** Sales: how the shop is doing, and what to restock. */
export default function SalesRoute() {
  return (
    <>
      <PageTitle title="Sales" />
      <PageHeading title="Sales">Orders, revenue and stock at a glance. Days are UTC days.</PageHeading>
      <SalesDashboard RestockModal={RestockModal} />
    </>
  );
}
