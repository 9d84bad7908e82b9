import { formatPercent } from './return-promise';
import type { ReturnRefund, ReturnCondition, ReturnMove, ReturnPolicy, ReturnReason, ReturnState, ReturnView } from './types';

// The home page's return promise lives on its own, so that page does not load every word here.
export { formatPercent, returnPromise } from './return-promise';

/** Who reads the words: the buyer ("send it back") or the shop's staff. */
export type ReturnViewer = 'buyer' | 'admin';

/** The reasons, in the order the request form offers them. */
export const RETURN_REASONS: readonly ReturnReason[] = [
  'doesNotFit',
  'faulty',
  'damagedInTransit',
  'wrongPartSent',
  'noLongerNeeded',
  'orderedByMistake',
  'core',
];

/** Each reason in the buyer's words (the request form's choices). */
export const REASON_LABELS: Record<ReturnReason, string> = {
  doesNotFit: "Doesn't fit my vehicle",
  faulty: 'Faulty',
  damagedInTransit: 'Damaged in transit',
  wrongPartSent: 'Wrong part sent',
  noLongerNeeded: 'No longer needed',
  orderedByMistake: 'Ordered by mistake',
  core: 'Old part (core) for its deposit',
};

/**
 * A reason as the staff read it: the buyer's vehicle is "the vehicle" to them, and an old part sent
 * back for its deposit is a core return.
 */
export function reasonLabel(reason: ReturnReason, viewer: ReturnViewer): string {
  if (reason === 'doesNotFit' && viewer === 'admin') return "Doesn't fit the vehicle";
  if (reason === 'core' && viewer === 'admin') return 'Core return';
  return REASON_LABELS[reason] ?? reason;
}

/** Whether the return sends back old parts (cores) for their deposit rather than the parts sold. */
export function isCoreReturn(ret: Pick<ReturnView, 'reason'>): boolean {
  return ret.reason === 'core';
}

/** Whether an order line carries a core deposit, and so can come back as a core. */
export function hasCoreCharge(line: { coreCharge?: number | null }): boolean {
  return (line.coreCharge ?? 0) > 0;
}

/** The reasons where the shop was at fault: no restocking fee, and the delivery is refunded. */
const SHOP_AT_FAULT: ReadonlySet<ReturnReason> = new Set(['faulty', 'damagedInTransit', 'wrongPartSent']);

export function shopAtFault(reason: ReturnReason): boolean {
  return SHOP_AT_FAULT.has(reason);
}

/** The states in the order a return goes through them. */
export const RETURN_STATES: readonly ReturnState[] = ['requested', 'approved', 'rejected', 'received', 'refunded', 'closed'];

const STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved – send it back',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed',
};

/** A state in the reader's words: an approved return is one the buyer sends back, and the staff wait for. */
export function stateLabel(state: ReturnState, viewer: ReturnViewer): string {
  if (state === 'approved' && viewer === 'admin') return 'Approved – awaiting the parts';
  return STATE_LABELS[state] ?? state;
}

export const STATE_STYLES: Record<ReturnState, string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  rejected: 'badge-error badge-outline',
  received: 'badge-primary badge-outline',
  refunded: 'badge-success',
  closed: 'badge-ghost',
};

export const CONDITION_LABELS: Record<ReturnCondition, string> = {
  resalable: 'Resalable – back on the shelf',
  damaged: 'Damaged',
  notAsSent: 'Not as sent',
};

/** A core's conditions: whether the old part can be rebuilt (none goes back on the shelf). */
export const CORE_CONDITION_LABELS: Record<ReturnCondition, string> = {
  resalable: 'Can be rebuilt',
  damaged: 'Cannot be rebuilt',
  notAsSent: 'Not the part sold',
};

export const RETURN_CONDITIONS: readonly ReturnCondition[] = ['resalable', 'damaged', 'notAsSent'];

/** How the parts of a return came back, in the words for its kind: a core is rebuilt or not. */
export function conditionLabel(condition: ReturnCondition, ret: Pick<ReturnView, 'reason'>): string {
  const labels = isCoreReturn(ret) ? CORE_CONDITION_LABELS : CONDITION_LABELS;
  return labels[condition] ?? condition;
}

/** The moves each state allows, in button order (the shop refuses any other with 409). */
const MOVES_FROM: Record<ReturnState, readonly ReturnMove[]> = {
  requested: ['approve', 'reject'],
  approved: ['receive'],
  rejected: ['close'],
  received: ['refund', 'close'],
  refunded: ['close'],
  closed: [],
};

export function allowedReturnMoves(state: ReturnState): readonly ReturnMove[] {
  return MOVES_FROM[state] ?? [];
}

export const MOVE_LABELS: Record<ReturnMove, string> = {
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Receive',
  refund: 'Refund',
  close: 'Close',
};

/**
 * Whether the return's refund figures are worth showing, and as what: what was refunded, what
 * would be refunded (still on its way), or nothing (rejected, or closed unrefunded).
 */
export function refundShown(ret: Pick<ReturnView, 'state' | 'refundId'>): 'refunded' | 'expected' | null {
  if (ret.state === 'refunded' || ret.refundId) return 'refunded';
  if (ret.state === 'requested' || ret.state === 'approved' || ret.state === 'received') return 'expected';
  return null;
}

export type RefundRow = { key: keyof Omit<ReturnRefund, 'total'>; label: string; minus?: boolean };

/** The figures' rows in order; the fee is taken off. */
export const REFUND_ROWS: readonly RefundRow[] = [
  { key: 'goods', label: 'Goods' },
  { key: 'tax', label: 'Tax' },
  { key: 'delivery', label: 'Delivery' },
  { key: 'core', label: 'Core deposits' },
  { key: 'fee', label: 'Restocking fee', minus: true },
];

/**
 * The rows a return's refund shows: the core deposits only when it gives some back; for a core
 * return (no goods, tax or delivery) the deposits, less the deduction staff took off, when any.
 */
export function refundRows(ret: Pick<ReturnView, 'reason' | 'refund'>): readonly RefundRow[] {
  if (isCoreReturn(ret)) {
    return [
      { key: 'core', label: 'Core deposits' },
      ...(ret.refund.fee > 0 ? [{ key: 'fee', label: 'Deduction', minus: true } as const] : []),
    ];
  }
  return REFUND_ROWS.filter((row) => row.key !== 'core' || ret.refund.core > 0);
}

/** How many units a return sends back, over all its lines. */
export function returnUnits(ret: Pick<ReturnView, 'lines'>): number {
  return ret.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The policy in a sentence: "Returns accepted within 30 days of delivery or collection; restocking
 * fee 15% unless the part was faulty, damaged or wrong."
 */
export function policySentence(policy: ReturnPolicy, money: (amount: number) => string): string {
  const days = `${policy.returnDays} ${policy.returnDays === 1 ? 'day' : 'days'}`;
  const window = `Returns accepted within ${days} of delivery or collection`;
  const { kind, amount } = policy.restockingFee;
  if (kind === 'none' || amount <= 0) return `${window}; no restocking fee.`;
  const fee = kind === 'percent' ? formatPercent(amount) : money(amount);
  return `${window}; restocking fee ${fee} unless the part was faulty, damaged or wrong.`;
}

/**
 * The core return window in a sentence, for an order with parts that carry a deposit: "Return the
 * old part within 90 days of delivery or collection for its $45.00 deposit." (`deposit` when each
 * such part carries the same one, else "for its deposit").
 */
export function coreWindowSentence(policy: Pick<ReturnPolicy, 'coreReturnDays'>, deposit: number | null, money: (amount: number) => string): string {
  const days = `${policy.coreReturnDays} ${policy.coreReturnDays === 1 ? 'day' : 'days'}`;
  return `Return the old part within ${days} of delivery or collection for its ${deposit === null ? 'deposit' : `${money(deposit)} deposit`}.`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A day as the lists show it ("Jan 2, 2026"); empty for a date it cannot read. */
export function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** The order's number as the shop shows it everywhere, "#1042". */
export function orderNumber(id: string): string {
  return `#${id}`;
}

/**
 * The admin list's filters, each a choice of a select and the value sent as `state` or `reason`
 * ("" for all).
 */
export const STATE_FILTERS: readonly { value: ReturnState | ''; label: string }[] = [
  { value: '', label: 'All returns' },
  ...RETURN_STATES.map((state) => ({ value: state, label: stateLabel(state, 'admin') })),
];

export const REASON_FILTERS: readonly { value: ReturnReason | ''; label: string }[] = [
  { value: '', label: 'All reasons' },
  ...RETURN_REASONS.map((reason) => ({ value: reason, label: reasonLabel(reason, 'admin') })),
];

/** A state from the page's address; anything unknown is all of them (""). */
export function parseStateFilter(value: string | null): ReturnState | '' {
  return RETURN_STATES.find((state) => state === value) ?? '';
}

export function parseReasonFilter(value: string | null): ReturnReason | '' {
  return RETURN_REASONS.find((reason) => reason === value) ?? '';
}

/** Whether a return can still be exchanged: a part that did not fit, not rejected or closed. */
export function exchangeable(ret: Pick<ReturnView, 'reason' | 'state'>): boolean {
  return ret.reason === 'doesNotFit' && ret.state !== 'rejected' && ret.state !== 'closed';
}
