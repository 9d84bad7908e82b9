import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthCard } from './auth-card';

/** Asks for a password-reset link by e-mail. */
export default function ForgotPasswordRoute() {
  return (
    <AuthCard title="Forgot Password" intro="Enter the e-mail address of your account and we will send you a link to set a new password.">
      <PageTitle title="Forgot Password" />
      <ForgotPasswordForm />
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login.getHref()} className="link link-primary font-semibold">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
