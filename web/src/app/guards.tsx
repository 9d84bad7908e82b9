import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { SignedInUserProvider, useIsAdmin, useSignOut, useSignedInUser, useUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import type { LoginState } from './return-path';

/** Signed-in routes: a spinner while the session loads, /login (remembering this page) when signed out. */
export function RequireAuth() {
  const user = useUser();
  const location = useLocation();

  if (user.data === null) {
    const state: LoginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }
  if (user.data) {
    return (
      <SignedInUserProvider value={user.data}>
        <Outlet />
      </SignedInUserProvider>
    );
  }
  if (user.isError) return <ErrorBox error={user.error} onRetry={() => void user.refetch()} />;
  return <PageSpinner />;
}

/**
 * Admin-only routes: the server is asked whether this e-mail is an admin; anyone
 * else is signed out and, through RequireAuth above, sent to /login.
 */
export function RequireAdmin() {
  const user = useSignedInUser();
  const admin = useIsAdmin(user.email);
  const signOut = useSignOut();
  const refused = admin.data === false;

  useEffect(() => {
    if (!refused) return;
    notify.error('That page is for admins only. Please log in with an admin account.', 'admin-only');
    signOut();
  }, [refused, signOut]);

  if (admin.data === true) return <Outlet />;
  if (admin.isError) return <ErrorBox error={admin.error} onRetry={() => void admin.refetch()} />;
  return <PageSpinner />;
}

/**
 * Buyer-only routes (Add A Review, the checkout): hidden from admins, who go to their own dashboard
 * start. My Orders and Pay are everyone's own (docs/decisions.md, D30).
 */
export function RequireBuyer() {
  const user = useSignedInUser();
  const admin = useIsAdmin(user.email);

  if (admin.data === false) return <Outlet />;
  if (admin.data === true) return <Navigate to={paths.dashboard.root.getHref()} replace />;
  if (admin.isError) return <ErrorBox error={admin.error} onRetry={() => void admin.refetch()} />;
  return <PageSpinner />;
}
