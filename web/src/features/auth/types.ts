// Until the API document has them: the bodies and answers of the account routes (forgot and reset
// password, verify e-mail, change password, sign out everywhere), as docs/api.md describes them.
// Once `make api-types` brings them into src/api/types.ts, these become aliases of those names.

/** POST /api/auth/forgot-password. */
export type ForgotPasswordRequest = { email: string };

/** POST /api/auth/reset-password: the link's one-time token and the new password; answers `{token, user}`. */
export type ResetPasswordRequest = { token: string; password: string };

/** POST /api/auth/verify-email. */
export type VerifyEmailRequest = { token: string };

/** POST /api/auth/verify-email's answer. */
export type VerifiedEmail = { email: string; emailVerified: boolean };

/** POST /api/auth/change-password. */
export type ChangePasswordRequest = { currentPassword: string; newPassword: string };

/** POST /api/auth/change-password's answer: the session's new token (every other one has ended). */
export type PasswordChanged = { token: string };

/** POST /api/auth/sign-out-everywhere's answer. */
export type SignedOutEverywhere = { signedOut: boolean };

/** A sentence for the person (forgot password, resend the link). */
export type MessageAnswer = { message: string };
