import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { AddReviewForm } from '@/features/reviews/components/add-review-form';
import { useSignedInUser } from '@/lib/auth';

export default function AddReviewRoute() {
  const user = useSignedInUser();
  return (
    <>
      <PageTitle title="Add A Review" />
      <PageHeading title="Add A Review">Tell other drivers how our parts and service worked out for you.</PageHeading>
      <AddReviewForm defaultName={user.name} />
    </>
  );
}
