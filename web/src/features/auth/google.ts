/** Query parameter the server sets on /login when a Google sign-in was refused. */
export const GOOGLE_ERROR_PARAM = 'google_error';

/** Why the server refused a Google sign-in. */
export type GoogleRefusal = 'cancelled' | 'state' | 'unverified' | 'email' | 'failed' | 'unavailable' | 'linked';

const GOOGLE_ERRORS: Record<GoogleRefusal, string> = {
  cancelled: 'Google sign-in was cancelled. You can try again, or log in with your password.',
  state:
    'Your Google sign-in could not be checked: it took too long, was already used, or was started in another browser. Please try again.',
  unverified:
    'Google has not verified the e-mail address of that account, so it cannot be used to sign in here. Verify it with Google, or log in with your password.',
  email: 'Google did not share an e-mail address for that account, so it cannot be used to sign in here.',
  failed: 'Google sign-in failed. Please try again.',
  unavailable: 'Google sign-in is not available right now. Please try again later, or log in with your password.',
  linked:
    'The account with this address signs in with another Google account. Use that one, or log in with your password.',
};

/** The message for a refused Google sign-in (`/login?google_error=REASON`), or null when there is none. */
export function googleErrorMessage(reason: string | null): string | null {
  if (reason === null) return null;
  return Object.hasOwn(GOOGLE_ERRORS, reason) ? GOOGLE_ERRORS[reason as GoogleRefusal] : GOOGLE_ERRORS.failed;
}

/** The login page explaining why a Google sign-in was refused. */
export function googleErrorHref(reason: GoogleRefusal): string {
  return `/login?${GOOGLE_ERROR_PARAM}=${reason}`;
}

/**
 * The path to open after sign-in, if it stays inside the shop: one leading "/", never "//" or "/\"
 * (which browsers read as another host). Anything else becomes the home page.
 */
export function insidePath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  return path;
}
