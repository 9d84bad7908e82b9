import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { CatalogueTransfer } from '@/features/admin/components/catalogue-transfer';

/** Import / Export: the whole catalogue as a CSV file, out and in. */
export default function CatalogueRoute() {
  return (
    <>
      <PageTitle title="Import / Export" />
      <PageHeading title="Import / Export">The catalogue as a spreadsheet: export it, edit it, import it back.</PageHeading>
      <CatalogueTransfer />
    </>
  );
}
