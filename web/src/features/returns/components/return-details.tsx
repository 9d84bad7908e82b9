import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { PageHeading } from '@/components/ui/page-heading';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { useReturn } from '../api/get-return';
import { conditionLabel, formatDay, hasCoreCharge, isCoreReturn, orderNumber, reasonLabel, type ReturnViewer } from '../states';
import type { ReturnMove, ReturnView } from '../types';
import { ExchangePart } from './exchange-part';
import { MoveReturnModal, type PendingMove } from './move-return-modal';
import { ReturnMoves } from './return-moves';
import { RefundTable, ReturnStateBadge } from './return-parts';

const BACK: Record<ReturnViewer, { href: string; label: string }> = {
  buyer: { href: paths.dashboard.returns.getHref(), label: 'Back to My Returns' },
  admin: { href: paths.dashboard.manageReturns.getHref(), label: 'Back to Returns' },
};

/**
 * One return on a page of its own: where it stands and what comes next (for the buyer, once
 * approved, the return number to put on the parcel and how to send it back), its parts, why, and
 * its refund. The staff see the buyer and the moves the return allows.
 */
export function ReturnDetails({ id, viewer }: { id: string; viewer: ReturnViewer }) {
  const ret = useReturn(id);
  const back = BACK[viewer];
  if (ret.isPending) {
    return (
      <>
        <PageTitle title="Return" />
        <PageHeading title="Return" />
        <Spinner label="Loading the return" />
      </>
    );
  }
  if (ret.isError) {
    const missing = ret.error instanceof ApiError && ret.error.status === 404;
    return (
      <>
        <PageTitle title="Return" />
        <PageHeading title="Return" />
        <div className="grid justify-items-start gap-2">
          <ErrorBox error={ret.error} onRetry={missing ? undefined : () => void ret.refetch()} />
          <Link to={back.href} className="btn btn-outline">
            {back.label}
          </Link>
        </div>
      </>
    );
  }
  return <ReturnSheet ret={ret.data} viewer={viewer} />;
}

function ReturnSheet({ ret, viewer }: { ret: ReturnView; viewer: ReturnViewer }) {
  const [pending, setPending] = useState<PendingMove | null>(null);
  const back = BACK[viewer];
  const orderHref = viewer === 'admin' ? paths.dashboard.manageOrder.getHref(ret.bookingId) : paths.dashboard.order.getHref(ret.bookingId);
  return (
    <>
      <PageTitle title={`Return ${ret.number}`} />
      <PageHeading title={`Return ${ret.number}`}>
        For order{' '}
        <Link to={orderHref} className="link" aria-label={`Order ${orderNumber(ret.bookingId)}, details`}>
          {orderNumber(ret.bookingId)}
        </Link>
        , asked for on {formatDay(ret.createdAt)}.
      </PageHeading>

      <div className="grid gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <ReturnStateBadge state={ret.state} viewer={viewer} labelled />
          {viewer === 'admin' ? (
            <ReturnMoves ret={ret} onMove={(r: ReturnView, move: ReturnMove) => setPending({ ret: r, move })} className="flex-wrap" />
          ) : null}
        </div>

        {viewer === 'buyer' ? <BuyerNext ret={ret} /> : <StaffNext ret={ret} />}
        {viewer === 'buyer' ? (
          <ExchangePart ret={ret} />
        ) : ret.exchangeOrderId ? (
          <p>
            Replaced by{' '}
            <Link to={paths.dashboard.manageOrder.getHref(ret.exchangeOrderId)} className="link">
              order {orderNumber(ret.exchangeOrderId)}
            </Link>
            : the buyer ordered the part that fits.
          </p>
        ) : null}

        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="return-parts-title">
            <h2 id="return-parts-title" className="mb-2 text-lg font-semibold">
              Parts
            </h2>
            <ReturnPartsTable ret={ret} />
          </section>
          <section aria-labelledby="return-why-title" className="grid content-start gap-2">
            <h2 id="return-why-title" className="text-lg font-semibold">
              Why
            </h2>
            <p>{reasonLabel(ret.reason, viewer)}</p>
            {ret.note ? <p className="whitespace-pre-wrap break-words text-sm">“{ret.note}”</p> : null}
            {ret.image ? (
              <a href={ret.image} target="_blank" rel="noreferrer" className="block w-fit" aria-label={`Photo of return ${ret.number}, opens in a new tab`}>
                <img src={ret.image} alt="" className="max-h-48 rounded-box border border-base-300 object-contain" />
              </a>
            ) : null}
            {viewer === 'admin' ? (
              <div className="mt-2 text-sm">
                <p className="font-semibold">{ret.buyerName}</p>
                <a href={`mailto:${ret.buyerEmail}?subject=${encodeURIComponent(`Your return ${ret.number}`)}`} className="link link-primary break-all">
                  {ret.buyerEmail}
                </a>
              </div>
            ) : null}
          </section>
        </div>

        <RefundTable ret={ret} />

        <div>
          <Link to={back.href} className="btn btn-outline">
            {back.label}
          </Link>
        </div>
      </div>
      {viewer === 'admin' ? <MoveReturnModal pending={pending} onClose={() => setPending(null)} /> : null}
    </>
  );
}

/**
 * The return's lines: each part, how many, at what price (for a core return, the old parts at their
 * deposit), the deposit that comes back with a part that carries one, and the vehicle it was
 * ordered for.
 */
function ReturnPartsTable({ ret }: { ret: ReturnView }) {
  const money = useMoney();
  const core = isCoreReturn(ret);
  return (
    <ul aria-label={`Parts of return ${ret.number}`} className="grid divide-y divide-base-300 border-y border-base-300">
      {ret.lines.map((line) => {
        const unit = core ? line.coreCharge : line.unitPrice;
        return (
          <li key={line.position} className="grid gap-0.5 py-2 text-sm">
            <span className="font-medium break-words">
              {line.partName}
              {core ? ' (old part)' : null}
            </span>
            {line.vehicle ? <span className="text-xs text-base-content/70">Ordered for: {line.vehicle}</span> : null}
            <span className="flex justify-between gap-3 text-base-content/75">
              <span>
                {line.quantity} × {money(unit)}
                {core ? ' deposit' : null}
              </span>
              <span className="whitespace-nowrap font-medium text-base-content">{money(line.quantity * unit)}</span>
            </span>
            {!core && hasCoreCharge(line) ? (
              <span className="text-xs text-base-content/70">Core deposit {money(line.coreCharge)} each, refunded with the part</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** What the staff took off a core's deposit on receipt, when anything. */
function Deduction({ ret, viewer }: { ret: ReturnView; viewer: ReturnViewer }) {
  const money = useMoney();
  if (!(ret.deduction > 0)) return null;
  return viewer === 'buyer' ? (
    <p>We took {money(ret.deduction)} off the deposit for the state of the old part.</p>
  ) : (
    <p>Deduction from the deposit: {money(ret.deduction)}.</p>
  );
}

/** A panel saying where the return stands and what happens next. */
function Panel({ tone, title, children }: { tone: 'info' | 'success' | 'error' | 'neutral'; title: string; children?: ReactNode }) {
  const styles = { info: 'alert-info', success: 'alert-success', error: 'alert-error', neutral: '' } as const;
  return (
    <section aria-label={title} className={`alert alert-soft ${styles[tone]} flex flex-col items-start gap-2`}>
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The instructions, as the staff wrote them (line breaks kept). */
function Instructions({ text }: { text: string | null | undefined }) {
  if (!text) return <p>We will e-mail you how to send it back.</p>;
  return <p className="whitespace-pre-wrap break-words">{text}</p>;
}

/** For the buyer: what happens next, in their words. */
function BuyerNext({ ret }: { ret: ReturnView }) {
  const money = useMoney();
  switch (ret.state) {
    case 'requested':
      return (
        <Panel tone="neutral" title="Waiting for our answer">
          <p>We will e-mail you once we have looked at your request. Please do not send anything back until it is approved.</p>
        </Panel>
      );
    case 'approved':
      return (
        <Panel tone="info" title="Approved – send it back">
          <p>
            Write the return number <strong className="font-mono text-lg">{ret.number}</strong> on the parcel (or on a note inside it), so we know
            whose parts they are.
          </p>
          <h3 className="font-semibold">How to send it back</h3>
          <Instructions text={ret.instructions} />
        </Panel>
      );
    case 'rejected':
      return (
        <Panel tone="error" title="Your return was not accepted">
          {ret.rejection ? <p className="whitespace-pre-wrap break-words">Why: {ret.rejection}</p> : null}
          <p>Please do not send the parts back. Reply to our e-mail if you have questions.</p>
        </Panel>
      );
    case 'received':
      return (
        <Panel tone="info" title={isCoreReturn(ret) ? 'We have the old part back' : 'We have the parts back'}>
          <Deduction ret={ret} viewer="buyer" />
          <p>Your refund is on its way; we will e-mail you once it is made.</p>
        </Panel>
      );
    case 'refunded':
      return (
        <Panel tone="success" title="Refunded">
          <p>
            {money(ret.refund.total)} is refunded to the card you paid with. It can take a few working days to show on your statement.
          </p>
          <Deduction ret={ret} viewer="buyer" />
        </Panel>
      );
    default:
      return (
        <Panel tone="neutral" title="Closed">
          {ret.rejection ? <p className="whitespace-pre-wrap break-words">Not accepted: {ret.rejection}</p> : null}
          <p>This return is closed.</p>
        </Panel>
      );
  }
}

/** For the staff: where the return stands and what it needs. */
function StaffNext({ ret }: { ret: ReturnView }) {
  const money = useMoney();
  const condition = ret.condition ? (
    <>
      <p>Came back: {conditionLabel(ret.condition, ret)}.</p>
      {isCoreReturn(ret) ? <p>A core puts no stock back: send it on to the rebuilder.</p> : null}
      <Deduction ret={ret} viewer="admin" />
    </>
  ) : null;
  const instructions = ret.instructions ? (
    <>
      <h3 className="font-semibold">Instructions given</h3>
      <p className="whitespace-pre-wrap break-words">{ret.instructions}</p>
    </>
  ) : null;
  switch (ret.state) {
    case 'requested':
      return (
        <Panel tone="info" title="Waiting for an answer">
          <p>Approve it to tell the buyer how to send the parts back, or reject it with a reason.</p>
        </Panel>
      );
    case 'approved':
      return (
        <Panel tone="info" title={isCoreReturn(ret) ? 'Waiting for the old parts' : 'Waiting for the parts'}>
          <p>Mark them received when the parcel marked {ret.number} arrives.</p>
          {instructions}
        </Panel>
      );
    case 'rejected':
      return (
        <Panel tone="error" title="Rejected">
          {ret.rejection ? <p className="whitespace-pre-wrap break-words">Reason given: {ret.rejection}</p> : null}
        </Panel>
      );
    case 'received':
      return (
        <Panel tone="info" title="Received">
          {condition}
          <p>Refund the buyer, or close the return without a refund.</p>
        </Panel>
      );
    case 'refunded':
      return (
        <Panel tone="success" title="Refunded">
          {condition}
          <p>
            {money(ret.refund.total)} refunded{ret.refundId ? <span className="break-all"> (refund {ret.refundId})</span> : null}.
          </p>
        </Panel>
      );
    default:
      return (
        <Panel tone="neutral" title="Closed">
          {condition}
          {ret.rejection ? <p className="whitespace-pre-wrap break-words">Reason given: {ret.rejection}</p> : null}
          {ret.refundId ? <p>{money(ret.refund.total)} was refunded.</p> : <p>Nothing was refunded.</p>}
        </Panel>
      );
  }
}
