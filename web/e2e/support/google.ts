/**
 * "Google" in the browser tests: the real OpenID Connect provider of server/tests/oidc
 * (`oidc-provider`), started by global setup with these accounts. Its own login page takes any
 * password for a known account, whose login name is its e-mail.
 */
export const GOOGLE_CLIENT = { id: 'parts-garage-e2e', secret: 'parts-garage-e2e-secret' };

export type GoogleAccount = { email: string; name: string; email_verified: boolean };

export const GOOGLE_ACCOUNTS = {
  /** No account at the shop until the first Google sign-in. */
  newcomer: { email: 'gina.google@example.com', name: 'Gina Google', email_verified: true },
  /** Google has not verified this address: the shop refuses it. */
  unverified: { email: 'una.unverified@example.com', name: 'Una Unverified', email_verified: false },
} satisfies Record<string, GoogleAccount>;
