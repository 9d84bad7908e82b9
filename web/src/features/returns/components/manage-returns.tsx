import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Select } from '@/components/ui/field';
import { ErrorBox } from '@/components/ui/error-box';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/config';
import { RETURNS_PAGE_SIZE, useReturns } from '../api/get-returns';
import {
  formatDay,
  orderNumber,
  parseReasonFilter,
  parseStateFilter,
  REASON_FILTERS,
  reasonLabel,
  refundShown,
  STATE_FILTERS,
} from '../states';
import type { ReturnMove, ReturnReason, ReturnState, ReturnView } from '../types';
import { MoveReturnModal, type PendingMove } from './move-return-modal';
import { ReturnMoves } from './return-moves';
import { ReturnLines, ReturnStateBadge } from './return-parts';

/** A page number from the address: a whole number from 1, else 1. */
function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

type Filters = { state: ReturnState | ''; reason: ReturnReason | ''; page: number };

/**
 * Returns: every buyer's returns, newest first, a page at a time, filtered by state and reason,
 * with the moves each allows (Approve, Reject, Receive, Refund, Close), each confirmed in a dialog.
 * The filters and page live in the address, so a reload or a shared link shows the same list.
 */
export function ManageReturns() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    state: parseStateFilter(params.get('state')),
    reason: parseReasonFilter(params.get('reason')),
    page: parsePage(params.get('page')),
  };
  const returns = useReturns({
    scope: 'all',
    state: filters.state,
    reason: filters.reason,
    limit: RETURNS_PAGE_SIZE,
    offset: (filters.page - 1) * RETURNS_PAGE_SIZE,
  });
  const [pending, setPending] = useState<PendingMove | null>(null);
  const stateId = useId();
  const reasonId = useId();

  const show = (next: Partial<Filters>) => {
    const { state, reason, page } = { ...filters, ...next };
    const search = new URLSearchParams();
    if (state) search.set('state', state);
    if (reason) search.set('reason', reason);
    if (page > 1) search.set('page', String(page));
    setParams(search);
  };

  const onMove = (ret: ReturnView, move: ReturnMove) => setPending({ ret, move });

  return (
    <>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 md:max-w-xl">
        <div className="flex flex-col gap-1">
          <label htmlFor={stateId} className="text-sm font-semibold">
            Show returns
          </label>
          <Select id={stateId} value={filters.state} onChange={(event) => show({ state: parseStateFilter(event.target.value), page: 1 })}>
            {STATE_FILTERS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-semibold">
            Reason
          </label>
          <Select id={reasonId} value={filters.reason} onChange={(event) => show({ reason: parseReasonFilter(event.target.value), page: 1 })}>
            {REASON_FILTERS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <ReturnList
        returns={returns}
        page={filters.page}
        filtered={filters.state !== '' || filters.reason !== ''}
        onPage={(page) => show({ page })}
        onMove={onMove}
      />
      <MoveReturnModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

type ReturnListProps = {
  returns: ReturnType<typeof useReturns>;
  page: number;
  filtered: boolean;
  onPage: (page: number) => void;
  onMove: (ret: ReturnView, move: ReturnMove) => void;
};

function ReturnList({ returns, page, filtered, onPage, onMove }: ReturnListProps) {
  if (returns.isPending) return <Spinner label="Loading returns" />;
  if (returns.isError) return <ErrorBox error={returns.error} onRetry={() => void returns.refetch()} />;

  const { items, total } = returns.data;
  if (items.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
        <p>{filtered ? 'No returns match these filters.' : 'No returns yet.'}</p>
        {page > 1 ? (
          <button type="button" className="btn btn-sm mt-4" onClick={() => onPage(1)}>
            Back to the first page
          </button>
        ) : null}
      </div>
    );
  }

  const columns: DataColumn<ReturnView>[] = [
    {
      header: 'Return',
      className: 'whitespace-nowrap',
      cell: (ret) => (
        <>
          <div className="font-mono font-medium">
            <ReturnNumber ret={ret} />
          </div>
          <div className="text-xs text-base-content/70">{formatDay(ret.createdAt)}</div>
        </>
      ),
    },
    { header: 'Order', className: 'whitespace-nowrap', cell: (ret) => <OrderLink ret={ret} /> },
    {
      header: 'Buyer',
      cell: (ret) => (
        <>
          <div className="font-medium">{ret.buyerName}</div>
          <div className="text-xs whitespace-nowrap text-base-content/70">{ret.buyerEmail}</div>
        </>
      ),
    },
    { header: 'Reason', cell: (ret) => reasonLabel(ret.reason, 'admin') },
    { header: 'Parts', className: 'min-w-40', cell: (ret) => <ReturnLines ret={ret} /> },
    { header: 'Refund', align: 'right', className: 'whitespace-nowrap', cell: (ret) => <RefundCell ret={ret} /> },
    { header: 'Status', cell: (ret) => <ReturnStateBadge state={ret.state} viewer="admin" /> },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (ret) => <ReturnMoves ret={ret} onMove={onMove} className="flex-col items-stretch" />,
    },
  ];

  return (
    <div>
      {/* Cards on phones and small tablets; the table from lg up (it has many columns). */}
      <ul className="grid gap-3 lg:hidden" aria-label="Returns">
        {items.map((ret) => (
          <li key={ret._id} className="rounded-box border border-base-300 bg-base-100 p-4">
            <ReturnCard ret={ret} onMove={onMove} />
          </li>
        ))}
      </ul>
      <DataTable rows={items} columns={columns} tableClassName="table table-sm" className="hidden lg:block" />
      <ReturnPages page={page} total={total} shown={items.length} onPage={onPage} />
    </div>
  );
}

/** The return's number, leading to its own page. */
function ReturnNumber({ ret }: { ret: ReturnView }) {
  return (
    <Link to={paths.dashboard.manageReturn.getHref(ret._id)} className="link link-hover" aria-label={`${ret.number}, details`}>
      {ret.number}
    </Link>
  );
}

/** The order the parts come from, leading to the staff's page of it. */
function OrderLink({ ret }: { ret: ReturnView }) {
  return (
    <Link to={paths.dashboard.manageOrder.getHref(ret.bookingId)} className="link link-hover font-mono" aria-label={`Order ${orderNumber(ret.bookingId)}, details`}>
      {orderNumber(ret.bookingId)}
    </Link>
  );
}

/** What the return refunds: the total refunded, what it would refund ("expected"), or a dash. */
function RefundCell({ ret }: { ret: ReturnView }) {
  const money = useMoney();
  const shown = refundShown(ret);
  if (!shown) return <span className="text-base-content/60">—</span>;
  return (
    <div className="flex flex-col items-end">
      <span className="font-semibold">{money(ret.refund.total)}</span>
      <span className="text-xs text-base-content/70">{shown === 'refunded' ? 'refunded' : 'expected'}</span>
    </div>
  );
}

/** A return on a phone: its number, order, buyer, parts, reason, refund, status and moves. */
function ReturnCard({ ret, onMove }: { ret: ReturnView; onMove: (ret: ReturnView, move: ReturnMove) => void }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="font-mono font-semibold">
            <ReturnNumber ret={ret} />
          </div>
          <p className="text-xs text-base-content/70">
            Order <OrderLink ret={ret} /> · {formatDay(ret.createdAt)}
          </p>
        </div>
        <div className="whitespace-nowrap text-right">
          <RefundCell ret={ret} />
        </div>
      </div>
      <div className="mt-2 text-sm break-words">
        <ReturnLines ret={ret} />
      </div>
      <p className="mt-1 text-sm">Reason: {reasonLabel(ret.reason, 'admin')}</p>
      <p className="mt-1 text-sm">{ret.buyerName}</p>
      <p className="break-all text-xs text-base-content/70">{ret.buyerEmail}</p>
      <div className="mt-2">
        <ReturnStateBadge state={ret.state} viewer="admin" labelled />
      </div>
      <ReturnMoves ret={ret} onMove={onMove} className="mt-3 flex-wrap" />
    </>
  );
}

/** Which returns of how many are shown, and the buttons to the other pages. */
function ReturnPages({ page, total, shown, onPage }: { page: number; total: number; shown: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / RETURNS_PAGE_SIZE));
  const first = (page - 1) * RETURNS_PAGE_SIZE + 1;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-base-content/75" aria-live="polite">
        {first}–{first + shown - 1} of {total} {total === 1 ? 'return' : 'returns'}
      </p>
      <Pager page={page} pages={pages} onPage={onPage} />
    </nav>
  );
}
