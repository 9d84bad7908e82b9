import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { ManageReturns } from '@/features/returns/components/manage-returns';
import { ReturnPolicyForm } from '@/features/returns/components/return-policy-form';

/** Returns: every buyer's returns with their moves, and the shop's return policy. */
export default function ManageReturnsRoute() {
  return (
    <>
      <PageTitle title="Returns" />
      <PageHeading title="Returns">Every return, newest first. Approve or reject requests, receive the parts, refund and close.</PageHeading>
      <section aria-labelledby="return-requests-title" className="mb-10">
        <h2 id="return-requests-title" className="sr-only">
          Return requests
        </h2>
        <ManageReturns />
      </section>
      <section aria-labelledby="return-policy-title">
        <h2 id="return-policy-title" className="mb-1 text-lg font-semibold">
          Return policy
        </h2>
        <p className="mb-4 text-sm text-base-content/75">Buyers see it when they ask to return parts.</p>
        <ReturnPolicyForm />
      </section>
    </>
  );
}
