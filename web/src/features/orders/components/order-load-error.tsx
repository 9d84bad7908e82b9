import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { ApiError } from '@/lib/api-client';

/**
 * An order that could not be loaded: the server's message ("Order not found"), Try again unless the
 * order is not there to find (404), and the way back to the list of orders.
 */
export function OrderLoadError({ error, onRetry, backTo }: { error: unknown; onRetry: () => void; backTo: { href: string; label: string } }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="grid justify-items-start gap-2">
      <ErrorBox error={error} onRetry={missing ? undefined : onRetry} />
      <Link to={backTo.href} className="btn btn-outline">
        {backTo.label}
      </Link>
    </div>
  );
}
