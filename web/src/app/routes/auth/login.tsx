import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { GoogleButton } from '@/features/auth/components/google-button';
import { GOOGLE_ERROR_PARAM, googleErrorMessage } from '@/features/auth/google';
import { LoginForm } from '@/features/auth/components/login-form';
import { useUser } from '@/lib/auth';
import { loginReason, returnPath } from '../../return-path';
import { AuthCard } from './auth-card';

/**
 * Login; afterwards the user returns to the page they came from, otherwise home.
 * A refused Google sign-in comes back here with its reason in `?google_error=`.
 */
export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useUser();
  const target = returnPath(location.state);
  const reason = loginReason(location.state, 'Log in');
  const [params] = useSearchParams();
  const googleError = googleErrorMessage(params.get(GOOGLE_ERROR_PARAM));

  if (user.isPending) return <PageSpinner />;
  if (user.data) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Login" intro="Welcome back. Log in to order parts and follow your orders.">
      <PageTitle title="Login" />
      {reason ? (
        <p className="alert alert-info alert-soft text-sm" role="status">
          {reason}
        </p>
      ) : null}
      {googleError ? (
        <p className="alert alert-error alert-soft text-sm" role="alert">
          {googleError}
        </p>
      ) : null}
      <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
      <GoogleButton redirectTo={target} />
      <p className="text-center text-sm">
        New to the shop?{' '}
        <Link to={paths.signup.getHref()} state={location.state} className="link link-primary font-semibold">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
