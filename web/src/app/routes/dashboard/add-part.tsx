import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { AddPartForm } from '@/features/parts/components/add-part-form';

export default function AddPartRoute() {
  return (
    <>
      <PageTitle title="Add A New Part" />
      <PageHeading title="Add A New Part">New parts show on the home page at once, newest first.</PageHeading>
      <AddPartForm />
    </>
  );
}
