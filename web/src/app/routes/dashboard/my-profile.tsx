import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { MyProfile } from '@/features/profile/components/my-profile';
import { useSignedInUser } from '@/lib/auth';

export default function MyProfileRoute() {
  const user = useSignedInUser();
  return (
    <>
      <PageTitle title="My Profile" />
      <PageHeading title="My Profile">Your details help us deliver to the right place and reach you about orders.</PageHeading>
      <MyProfile name={user.name} email={user.email} />
    </>
  );
}
