import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { ManageParts } from '@/features/parts/components/manage-parts';

export default function ManagePartsRoute() {
  return (
    <>
      <PageTitle title="Manage Parts" />
      <PageHeading title="Manage Parts">Change prices and stock, restock low parts, or take a part out of the shop.</PageHeading>
      <ManageParts />
    </>
  );
}
