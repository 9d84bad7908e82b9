/** The actions the audit log records, for the action filter. */
export const AUDIT_ACTIONS = [
  'part.added',
  'part.edited',
  'part.deleted',
  'part.restocked',
  'parts.imported',
  'parts.exported',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'user.madeAdmin',
  'user.adminRemoved',
  'deliveryMethod.added',
  'deliveryMethod.edited',
  'deliveryMethod.deleted',
  'counter.changed',
  'taxRates.changed',
  'return.approved',
  'return.rejected',
  'return.received',
  'return.refunded',
  'return.closed',
  'returnPolicy.changed',
] as const;

/** Each action in words, as the log's filter and table show it. */
export const ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  'part.added': 'Part added',
  'part.edited': 'Part edited',
  'part.deleted': 'Part deleted',
  'part.restocked': 'Part restocked',
  'parts.imported': 'Catalogue imported',
  'parts.exported': 'Catalogue exported',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Order refunded',
  'user.madeAdmin': 'Admin made',
  'user.adminRemoved': 'Admin removed',
  'deliveryMethod.added': 'Delivery method added',
  'deliveryMethod.edited': 'Delivery method edited',
  'deliveryMethod.deleted': 'Delivery method deleted',
  'counter.changed': 'Trade counter changed',
  'taxRates.changed': 'Tax rates changed',
  'return.approved': 'Return approved',
  'return.rejected': 'Return rejected',
  'return.received': 'Return received',
  'return.refunded': 'Return refunded',
  'return.closed': 'Return closed',
  'returnPolicy.changed': 'Return policy changed',
};

/** An action's words; an action this page does not know yet, as the log names it. */
export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The kinds of subject an action is done to, for the subject filter. */
export const SUBJECT_TYPES = ['part', 'catalogue', 'order', 'user', 'deliveryMethod', 'settings', 'return'] as const;

/** One changed field of an audit record: its name and its value before and after (undefined: absent). */
export type FieldChange = { field: string; before: unknown; after: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fields that differ between a record's `before` and `after`, in the order they first appear.
 * When either side is not an object (something added or deleted: null), every field of the other
 * side is a change.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const left = isObject(before) ? before : {};
  const right = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields
    .filter((field) => JSON.stringify(left[field]) !== JSON.stringify(right[field]))
    .map((field) => ({ field, before: left[field], after: right[field] }));
}

/** A value as a short line of text: strings as they are, anything else as JSON, absent as "—". */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
