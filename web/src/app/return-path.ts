import type { Location } from 'react-router';
import { paths } from '@/config/paths';

/**
 * What a guard (or a page that needs a signed-in buyer) hands the login page: where to send the user
 * back to, and why they are asked to log in, said on the login page.
 */
export type LoginState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'>; reason?: string };

/** Sends the user to log in and come back to `pathname`, saying why. */
export function loginFor(pathname: string, reason: string): LoginState {
  return { from: { pathname, search: '', hash: '' }, reason };
}

/** Why the user was sent to log in, if a page said so. */
export function loginReason(state: unknown): string | null {
  const reason = (state as LoginState | null)?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
}

/** The path to go to after login: the guarded page that sent the user there, otherwise home. */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login.path || from.pathname === paths.signup.path) {
    return paths.home.getHref();
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
