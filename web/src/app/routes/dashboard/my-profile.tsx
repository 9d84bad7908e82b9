import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { AddressBook } from '@/features/addresses/components/address-book';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SignOutEverywhere } from '@/features/auth/components/sign-out-everywhere';
import { MyProfile } from '@/features/profile/components/my-profile';
import { MyGarage } from '@/features/vehicles/components/my-garage';
import { useSignedInUser } from '@/lib/auth';
import { notify } from '@/lib/notify';

/** My Profile: the saved details and their form, the address book, My Garage, then the account's password and sessions. */
export default function MyProfileRoute() {
  const user = useSignedInUser();
  const navigate = useNavigate();

  const onSignedOut = () => {
    notify.success('You are signed out on every device.');
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <>
      <PageTitle title="My Profile" />
      <PageHeading title="My Profile">Your details help us deliver to the right place and reach you about orders.</PageHeading>
      <MyProfile name={user.name} email={user.email} />
      <section aria-labelledby="address-book-title" className="mt-10 border-t border-base-300 pt-8">
        <h2 id="address-book-title" className="mb-1 text-lg font-semibold">
          Address book
        </h2>
        <p className="mb-4 text-sm text-base-content/75">Where your orders can be delivered. The default one is chosen first at checkout.</p>
        <AddressBook />
      </section>
      <div className="mt-10 border-t border-base-300 pt-8">
        <MyGarage />
      </div>
      <div className="mt-10 grid gap-8 border-t border-base-300 pt-8 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="change-password-title">
          <h2 id="change-password-title" className="mb-1 text-lg font-semibold">
            Change password
          </h2>
          <p className="mb-4 text-sm text-base-content/75">
            You stay signed in here; every other browser and device signed in to your account is signed out.
          </p>
          <ChangePasswordForm />
        </section>
        <section aria-labelledby="sessions-title">
          <h2 id="sessions-title" className="mb-1 text-lg font-semibold">
            Sign out everywhere
          </h2>
          <p className="mb-4 text-sm text-base-content/75">
            Lost a phone, or signed in on a shared computer? End every session of your account at once, this one included.
          </p>
          <SignOutEverywhere onSignedOut={onSignedOut} />
        </section>
      </div>
    </>
  );
}
