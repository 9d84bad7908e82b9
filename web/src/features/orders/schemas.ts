import { z } from '@/lib/zod';
import { digitsOf, isExpired, parseExpiry, passesLuhn } from './card';

/** The built-in test provider's card form: clear messages early, the server has the last word. */
export const cardSchema = z.object({
  number: z.string().superRefine((value, ctx) => {
    const digits = digitsOf(value);
    if (digits === '') ctx.addIssue({ code: 'custom', message: 'Card number is Required' });
    else if (/[^\d\s]/.test(value) || digits.length < 12 || digits.length > 19)
      ctx.addIssue({ code: 'custom', message: 'Card number must be 12 to 19 digits' });
    else if (!passesLuhn(digits)) ctx.addIssue({ code: 'custom', message: 'Your card number is invalid.' });
  }),
  expiry: z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return ctx.addIssue({ code: 'custom', message: 'Expiry is Required' });
    const expiry = parseExpiry(value);
    if (!expiry) return ctx.addIssue({ code: 'custom', message: 'Enter the expiry as MM / YY' });
    if (expiry.month < 1 || expiry.month > 12)
      return ctx.addIssue({ code: 'custom', message: 'The expiry month must be 01 to 12' });
    if (isExpired(expiry)) ctx.addIssue({ code: 'custom', message: "Your card's expiry date is in the past." });
  }),
  cvc: z.string().superRefine((value, ctx) => {
    const cvc = value.trim();
    if (cvc === '') ctx.addIssue({ code: 'custom', message: 'CVC is Required' });
    else if (!/^\d{3,4}$/.test(cvc)) ctx.addIssue({ code: 'custom', message: 'CVC must be 3 or 4 digits' });
  }),
});

export type CardValues = z.input<typeof cardSchema>;

/** The longest carrier name and tracking number the shop keeps. */
export const MAX_SHIPPING_TEXT = 60;

/** Ship: carrier and tracking number, both optional, each at most 60 characters. */
export const shipSchema = z.object({
  carrier: z.string().trim().max(MAX_SHIPPING_TEXT, 'Carrier must be at most 60 characters'),
  trackingNumber: z.string().trim().max(MAX_SHIPPING_TEXT, 'Tracking number must be at most 60 characters'),
});

export type ShipValues = z.input<typeof shipSchema>;
