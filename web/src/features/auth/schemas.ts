import { z } from '@/lib/zod';

/**
 * Any ordinary address, as the server accepts it: dots, plus signs and hyphens, subdomains and long
 * top-level domains; upper-case letters are fine, the server stores it lower-case.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

const email = z.string().trim().min(1, 'Email is Required').regex(EMAIL_PATTERN, 'Provide a valid Email');
const password = z.string().min(1, 'Password is Required').min(MIN_PASSWORD_LENGTH, 'Must be 6 characters or longer');

export const loginSchema = z.object({ email, password });
export type LoginValues = z.input<typeof loginSchema>;

export const signupSchema = z.object({
  name: z.string().trim().min(1, 'Name is Required'),
  email,
  password,
});
export type SignupValues = z.input<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

/** A new password (reset or change) as sign-up takes it, and the same again. */
const newPassword = z
  .string()
  .min(1, 'New password is Required')
  .min(MIN_PASSWORD_LENGTH, 'Must be 6 characters or longer')
  .max(MAX_PASSWORD_LENGTH, 'Password must be at most 128 characters');
const repeat = z.string().min(1, 'Repeat the new password');
const SAME_PASSWORD = { message: 'The two passwords do not match', path: ['repeat'] };

export const resetPasswordSchema = z
  .object({ newPassword, repeat })
  .refine((values) => values.newPassword === values.repeat, SAME_PASSWORD);
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is Required'), newPassword, repeat })
  .refine((values) => values.newPassword === values.repeat, SAME_PASSWORD);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
