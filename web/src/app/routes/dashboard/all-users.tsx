import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { AllUsers } from '@/features/users/components/all-users';

export default function AllUsersRoute() {
  return (
    <>
      <PageTitle title="All Users" />
      <PageHeading title="All Users">Every account in the shop. Admins can add and manage parts.</PageHeading>
      <AllUsers />
    </>
  );
}
