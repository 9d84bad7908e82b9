import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useIsAdmin, useSignedInUser } from '@/lib/auth';

/** /dashboard opens the admin's sales at a glance, or the buyer's orders. */
export default function DashboardHome() {
  const user = useSignedInUser();
  const admin = useIsAdmin(user.email);
  if (admin.data === undefined) return <PageSpinner />;
  const to = admin.data ? paths.dashboard.sales.getHref() : paths.dashboard.orders.getHref();
  return <Navigate to={to} replace />;
}
