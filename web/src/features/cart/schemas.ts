import { z } from '@/lib/zod';

/** Confirm Order: name and e-mail are read-only; the phone is optional but must look like one. */
export const confirmOrderSchema = z.object({
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9][0-9 ()-]{5,19}$/.test(v), 'Provide a valid phone number'),
});

export type ConfirmOrderValues = z.input<typeof confirmOrderSchema>;
