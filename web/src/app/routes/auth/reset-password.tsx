import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { AskAgain, ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { notify } from '@/lib/notify';
import { AuthCard } from './auth-card';

/**
 * Where the password-reset e-mail's link opens (`?token=`): a new password, and the user is signed
 * in and taken to the dashboard.
 */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';

  const onSuccess = () => {
    notify.success('Your new password is set. You are signed in.');
    void navigate(paths.dashboard.root.getHref(), { replace: true });
  };

  return (
    <AuthCard title="Set A New Password" intro="Choose the password you will log in with from now on.">
      <PageTitle title="Set A New Password" />
      {token ? (
        <ResetPasswordForm token={token} onSuccess={onSuccess} />
      ) : (
        <AskAgain message="This link is incomplete. Open the link from the e-mail again, or ask for a new one." />
      )}
    </AuthCard>
  );
}
