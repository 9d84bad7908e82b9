import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '../api/get-profile';
import { ProfileCard } from './profile-card';
import { ProfileForm } from './profile-form';

/** My Profile: what is saved, and the form to save or change it. */
export function MyProfile({ name, email }: { name: string; email: string }) {
  const profile = useProfile();
  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) return <ErrorBox error={profile.error} onRetry={() => void profile.refetch()} />;

  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <section aria-labelledby="profile-form-title">
        <h2 id="profile-form-title" className="mb-4 text-lg font-semibold">
          {profile.data ? 'Update your information' : 'Add your information'}
        </h2>
        <ProfileForm key={profile.data?.updatedAt ?? profile.data?._id ?? 'new'} saved={profile.data} />
      </section>
      <div className="xl:order-last">
        {profile.data ? (
          <ProfileCard profile={profile.data} name={name} email={email} />
        ) : (
          <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/75">
            Nothing saved yet. Fill in the form and your profile shows here.
          </p>
        )}
      </div>
    </div>
  );
}
