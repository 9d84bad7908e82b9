import { z } from '@/lib/zod';
import type { ReceiveRequest, ReturnCondition, ReturnPolicy, ReturnPolicyRequest, ReturnReason, ReturnRequest } from './types';
import { RETURN_REASONS } from './states';

/** The longest note a buyer can add to a return, and the longest reason for a rejection. */
export const MAX_NOTE = 1000;
export const MAX_REJECTION = 500;

/** An amount in currency units or a percentage, 0 or more, at most two decimals ("4.50"). */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** A whole number written in an input ("2"), or NaN. */
function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The return request form, for an order whose lines hold `maxQuantities` units: each line's
 * quantity from 0 to its own, at least one above 0, and a reason. The shop has the last word (it
 * knows what earlier returns took).
 */
export function returnRequestSchema(maxQuantities: readonly number[]) {
  return z.object({
    quantities: z.array(z.string()).superRefine((quantities, ctx) => {
      quantities.forEach((text, index) => {
        const quantity = wholeNumber(text);
        const max = maxQuantities[index] ?? 0;
        if (Number.isNaN(quantity) || quantity > max) {
          ctx.addIssue({ code: 'custom', path: [index], message: `Enter a whole number from 0 to ${max}` });
        }
      });
      if (!quantities.some((text) => wholeNumber(text) > 0)) {
        ctx.addIssue({ code: 'custom', message: 'Choose how many of at least one part to send back' });
      }
    }),
    // A radio group none of whose buttons is checked reads as null.
    reason: z
      .string()
      .nullable()
      .refine((value) => value !== null && (RETURN_REASONS as readonly string[]).includes(value), 'Choose why you are sending it back'),
    note: z.string().max(MAX_NOTE, 'The note must be at most 1,000 characters'),
    image: z.custom<FileList | undefined>(),
  });
}

export type ReturnRequestValues = z.input<ReturnType<typeof returnRequestSchema>>;

/** The request to send: the lines with a quantity above 0 (by their place on the order, from 1), the reason and the note when given. */
export function returnRequestInput(values: ReturnRequestValues, image: string | undefined): ReturnRequest {
  const lines = values.quantities
    .map((text, index) => ({ position: index + 1, quantity: wholeNumber(text) }))
    .filter((line) => line.quantity > 0);
  const note = values.note.trim();
  return {
    reason: values.reason as ReturnReason,
    lines,
    ...(note ? { note } : {}),
    ...(image ? { image } : {}),
  };
}

// The staff's moves

export const approveSchema = z.object({
  instructions: z.string().max(MAX_NOTE, 'Instructions must be at most 1,000 characters'),
});
export type ApproveValues = z.input<typeof approveSchema>;

export const rejectSchema = z.object({
  reason: z.string().trim().min(1, 'Reason is Required').max(MAX_REJECTION, 'Reason must be at most 500 characters'),
});
export type RejectValues = z.input<typeof rejectSchema>;

/**
 * Receiving: how the parts came back, and for a core return (`deposit`, the deposits it gives
 * back; null for any other return) what comes off the deposit, if anything: blank, or an amount up
 * to the deposit.
 */
export function receiveSchema(deposit: number | null) {
  return z.object({
    condition: z
      .string()
      .nullable()
      .refine((value) => value !== null && ['resalable', 'damaged', 'notAsSent'].includes(value), 'Choose how the parts came back'),
    deduction: z
      .string()
      .trim()
      .superRefine((text, ctx) => {
        if (text === '' || deposit === null) return;
        if (!AMOUNT.test(text)) ctx.addIssue({ code: 'custom', message: 'The deduction must be an amount, with at most two decimals' });
        else if (Number(text) > deposit) ctx.addIssue({ code: 'custom', message: `The deduction must be at most the deposit, ${deposit.toFixed(2)}` });
      }),
  });
}
export type ReceiveValues = z.input<ReturnType<typeof receiveSchema>>;

/** The receive move's body: the deduction only when one is given (a core return's). */
export function receiveInput(values: ReceiveValues): ReceiveRequest {
  const deduction = values.deduction.trim();
  return { condition: values.condition as ReturnCondition, ...(deduction ? { deduction: Number(deduction) } : {}) };
}

// The return policy

export const returnPolicySchema = z
  .object({
    returnDays: z
      .string()
      .trim()
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 365, 'Return window must be a whole number of days from 1 to 365'),
    coreReturnDays: z
      .string()
      .trim()
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 730, 'Core return window must be a whole number of days from 1 to 730'),
    kind: z.enum(['none', 'percent', 'fixed']),
    amount: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'none') return;
    if (values.kind === 'percent' && !(AMOUNT.test(values.amount) && Number(values.amount) <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The fee must be a percentage from 0 to 100, with at most two decimals' });
    }
    if (values.kind === 'fixed' && !(AMOUNT.test(values.amount) && Number(values.amount) > 0)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The fee must be an amount above 0, with at most two decimals' });
    }
  });

export type ReturnPolicyValues = z.input<typeof returnPolicySchema>;

export const RETURN_POLICY_FIELDS = ['returnDays', 'coreReturnDays', 'amount'] as const;

export function returnPolicyValues(policy: ReturnPolicy): ReturnPolicyValues {
  const { kind, amount } = policy.restockingFee;
  return {
    returnDays: String(policy.returnDays),
    coreReturnDays: String(policy.coreReturnDays),
    kind,
    amount: kind === 'none' ? '' : String(amount),
  };
}

/** The policy to save: no amount with no fee. */
export function returnPolicyInput(values: ReturnPolicyValues): ReturnPolicyRequest {
  const returnDays = Number(values.returnDays);
  const coreReturnDays = Number(values.coreReturnDays);
  if (values.kind === 'none') return { returnDays, coreReturnDays, restockingFee: { kind: 'none' } };
  return { returnDays, coreReturnDays, restockingFee: { kind: values.kind, amount: Number(values.amount) } };
}
