import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { MyReturns } from '@/features/returns/components/my-returns';

export default function MyReturnsRoute() {
  return (
    <>
      <PageTitle title="My Returns" />
      <PageHeading title="My Returns">Parts you asked to send back, newest first, and where each return stands.</PageHeading>
      <MyReturns />
    </>
  );
}
