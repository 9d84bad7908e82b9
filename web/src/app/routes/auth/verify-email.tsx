import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { useServerCart } from '@/features/cart/api/get-cart';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { AuthCard } from './auth-card';

/**
 * Where the verification e-mail's link opens (`?token=`): verifies the address as the page opens,
 * once (React may run the effect twice), and shows the result, with the way back to checkout for a
 * buyer whose cart is waiting.
 */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { mutate, status, data, error } = useVerifyEmail();
  const user = useUser();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  // A buyer who signed up on the way to checkout is offered the way back to it.
  const cart = useServerCart(Boolean(user.data));
  const next = user.data
    ? { to: paths.dashboard.root.getHref(), label: 'Go to your dashboard' }
    : { to: paths.login.getHref(), label: 'Log in' };
  const backToCheckout = user.data && (cart.data?.lines.length ?? 0) > 0;

  return (
    <AuthCard title="Verify Your E-mail" intro="The link from our e-mail confirms that the address is yours.">
      <PageTitle title="Verify Your E-mail" />
      {!token ? (
        <p className="text-sm font-medium text-error" role="alert">
          This link is incomplete. Open the link from the e-mail again.
        </p>
      ) : status === 'success' ? (
        <p className="alert alert-info alert-soft text-sm" role="status">
          <span>
            Thank you: <strong className="break-all">{data?.email}</strong> is verified.
          </span>
        </p>
      ) : status === 'error' ? (
        <p className="text-sm font-medium text-error" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        <Spinner label="Verifying your e-mail address" className="py-6" />
      )}
      {token && (status === 'idle' || status === 'pending') ? null : (
        <div className="grid gap-3 text-center text-sm">
          {backToCheckout ? (
            <Link to={paths.checkout.getHref()} className="btn btn-primary">
              Continue to checkout
            </Link>
          ) : null}
          <p>
            <Link to={next.to} className="link link-primary font-semibold">
              {next.label}
            </Link>
          </p>
        </div>
      )}
    </AuthCard>
  );
}
