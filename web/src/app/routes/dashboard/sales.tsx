import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { SalesDashboard } from '@/features/admin/components/sales-dashboard';
import { RestockModal } from '@/features/parts/components/restock-modal';
import { ReturnFiguresTable } from '@/features/returns/components/return-figures';

/** Sales: how the shop is doing, and what to restock. */
export default function SalesRoute() {
  return (
    <>
      <PageTitle title="Sales" />
      <PageHeading title="Sales">Orders, revenue and stock at a glance. Days are UTC days.</PageHeading>
      <SalesDashboard RestockModal={RestockModal} />
      <div className="mt-10">
        <ReturnFiguresTable />
      </div>
    </>
  );
}
