import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { GoogleButton } from '@/features/auth/components/google-button';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useUser } from '@/lib/auth';
import { loginReason, returnPath } from '../../return-path';
import { AuthCard } from './auth-card';

/** Sign-up; afterwards the user goes home, or back to the guarded page that sent them to log in. */
export default function SignupRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useUser();
  const target = returnPath(location.state);
  const reason = loginReason(location.state, 'Sign up');

  if (user.isPending) return <PageSpinner />;
  if (user.data) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Sign Up" intro="Create your account to order parts, pay online and follow every order.">
      <PageTitle title="Sign Up" />
      {reason ? (
        <p className="alert alert-info alert-soft text-sm" role="status">
          {reason}
        </p>
      ) : null}
      <SignupForm onSuccess={() => void navigate(target, { replace: true })} />
      <GoogleButton redirectTo={target} />
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.login.getHref()} state={location.state} className="link link-primary font-semibold">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
