import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/config';
import { MY_RETURNS_LIMIT, useReturns } from '../api/get-returns';
import { formatDay, orderNumber, REASON_LABELS, refundShown } from '../states';
import type { ReturnView } from '../types';
import { PolicySentence, ReturnLines, ReturnStateBadge } from './return-parts';

/**
 * My Returns: the returns the signed-in person asked for, newest first: each one's number, order,
 * where it stands, why, its parts and its refund, leading to its own page.
 */
export function MyReturns() {
  const returns = useReturns({ scope: 'mine', limit: MY_RETURNS_LIMIT, offset: 0 });
  if (returns.isPending) return <Spinner label="Loading your returns" />;
  if (returns.isError) return <ErrorBox error={returns.error} onRetry={() => void returns.refetch()} />;

  const mine = returns.data.items;
  if (mine.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
        <p className="mb-2">You have not returned anything.</p>
        <PolicySentence className="mb-4 text-sm text-base-content/75" />
        <p className="mb-4 text-sm text-base-content/75">To send parts back, choose Return items beside a delivered or collected order.</p>
        <Link to={paths.dashboard.orders.getHref()} className="btn btn-primary">
          Go to My Orders
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <PolicySentence className="text-sm text-base-content/75" />
      <ul aria-label="Returns" className="grid gap-3">
        {mine.map((ret) => (
          <li key={ret._id} className="rounded-box border border-base-300 bg-base-100 p-4">
            <ReturnCard ret={ret} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReturnCard({ ret }: { ret: ReturnView }) {
  const money = useMoney();
  const refund = refundShown(ret);
  return (
    <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4">
      <div className="min-w-0">
        <h2 className="font-mono text-lg font-semibold">{ret.number}</h2>
        <p className="text-xs text-base-content/70">
          Order {orderNumber(ret.bookingId)} · {formatDay(ret.createdAt)}
        </p>
        <div className="mt-2 text-sm break-words">
          <ReturnLines ret={ret} />
        </div>
        <p className="mt-1 text-sm">Reason: {REASON_LABELS[ret.reason] ?? ret.reason}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <ReturnStateBadge state={ret.state} viewer="buyer" labelled />
        {refund ? (
          <p className="text-sm">
            {refund === 'refunded' ? 'Refunded' : 'Expected refund'}: <span className="font-semibold">{money(ret.refund.total)}</span>
          </p>
        ) : null}
        <Link to={paths.dashboard.return.getHref(ret._id)} className="btn btn-sm btn-outline" aria-label={`Details of return ${ret.number}`}>
          Details
        </Link>
      </div>
    </div>
  );
}
