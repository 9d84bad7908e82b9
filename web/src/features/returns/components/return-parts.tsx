import { useMoney } from '@/lib/config';
import { useReturnPolicy } from '../api/get-return-policy';
import { isCoreReturn, policySentence, refundRows, refundShown, stateLabel, STATE_STYLES, type ReturnViewer } from '../states';
import type { ReturnState, ReturnView } from '../types';

/**
 * Where a return stands, in the reader's words. `labelled` says what the badge is ("Status:
 * Refunded"), where no column heading does.
 */
export function ReturnStateBadge({ state, viewer, labelled = false }: { state: ReturnState; viewer: ReturnViewer; labelled?: boolean }) {
  const word = stateLabel(state, viewer);
  return (
    <span className={`badge h-auto min-h-5 whitespace-nowrap ${STATE_STYLES[state] ?? 'badge-ghost'}`} title="Return status">
      {labelled ? `Status: ${word}` : word}
    </span>
  );
}

/**
 * The parts a return sends back: "2 × Brake Pads" ("1 × Alternator (old part)" for a core return),
 * with the vehicle each was ordered for when `vehicles`.
 */
export function ReturnLines({ ret, vehicles = false }: { ret: ReturnView; vehicles?: boolean }) {
  const core = isCoreReturn(ret);
  return (
    <ul aria-label={`Parts of return ${ret.number}`} className="grid gap-0.5">
      {ret.lines.map((line) => (
        <li key={line.position}>
          {line.quantity} × {line.partName}
          {core ? ' (old part)' : null}
          {vehicles && line.vehicle ? <span className="block text-xs text-base-content/70">Ordered for: {line.vehicle}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The return's refund in figures: goods, tax, delivery, the core deposits given back (when any),
 * less the restocking fee, and the total; for a core return, the deposits less the deduction.
 * Titled "Refund" once refunded, "Expected refund" before; nothing for a return that refunds nothing.
 */
export function RefundTable({ ret, className = '' }: { ret: ReturnView; className?: string }) {
  const money = useMoney();
  const shown = refundShown(ret);
  if (!shown) return null;
  const title = shown === 'refunded' ? 'Refund' : 'Expected refund';
  return (
    <section aria-label={title} className={className}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <dl className="grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {refundRows(ret).map((row) => (
          <div key={row.key} className="contents">
            <dt>{row.label}</dt>
            <dd className="text-right">{row.minus && ret.refund[row.key] > 0 ? `−${money(ret.refund[row.key])}` : money(ret.refund[row.key])}</dd>
          </div>
        ))}
        <div className="contents font-semibold">
          <dt className="border-t border-base-300 pt-1">Total</dt>
          <dd className="border-t border-base-300 pt-1 text-right">{money(ret.refund.total)}</dd>
        </div>
      </dl>
      {shown === 'expected' ? (
        <p className="mt-2 text-xs text-base-content/70">Worked out as things stand; the final figures are set when the refund is made.</p>
      ) : null}
    </section>
  );
}

/** The shop's return policy in a sentence, or nothing while it loads or when it cannot be read. */
export function PolicySentence({ className = '' }: { className?: string }) {
  const policy = useReturnPolicy();
  const money = useMoney();
  if (!policy.data) return null;
  return <p className={className}>{policySentence(policy.data, money)}</p>;
}
