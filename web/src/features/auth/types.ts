// The bodies and answers of the account routes (forgot and reset password, verify e-mail, change
// password, sign out everywhere), under the names the features use.
import type {
  ChangePasswordRequest as ApiChangePasswordRequest,
  EmailVerified,
  ForgotPasswordRequest as ApiForgotPasswordRequest,
  MessageResponse,
  ResetPasswordRequest as ApiResetPasswordRequest,
  SignedOut,
  TokenResponse,
  VerifyEmailRequest as ApiVerifyEmailRequest,
} from '@/api/types';

/** POST /api/auth/forgot-password. */
export type ForgotPasswordRequest = ApiForgotPasswordRequest;

/** POST /api/auth/reset-password: the link's one-time token and the new password; answers `{token, user}`. */
export type ResetPasswordRequest = ApiResetPasswordRequest;

/** POST /api/auth/verify-email. */
export type VerifyEmailRequest = ApiVerifyEmailRequest;

/** POST /api/auth/verify-email's answer. */
export type VerifiedEmail = EmailVerified;

/** POST /api/auth/change-password. */
export type ChangePasswordRequest = ApiChangePasswordRequest;

/** POST /api/auth/change-password's answer: the session's new token (every other one has ended). */
export type PasswordChanged = TokenResponse;

/** POST /api/auth/sign-out-everywhere's answer. */
export type SignedOutEverywhere = SignedOut;

/** A sentence for the person (forgot password, resend the link). */
export type MessageAnswer = MessageResponse;
