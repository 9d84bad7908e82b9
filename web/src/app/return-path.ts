import type { Location } from 'react-router';
import { paths } from '@/config/paths';

/**
 * What a guard (or a page that needs a signed-in buyer) hands the login page: where to send the user
 * back to, and what for ("to check out."), said on the login and sign-up pages after their own verb.
 */
export type LoginState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'>; purpose?: string };

/** Sends the user to log in and come back to `pathname`, saying what for ("to buy Brake Pads"). */
export function loginFor(pathname: string, purpose: string): LoginState {
  return { from: { pathname, search: '', hash: '' }, purpose };
}

/**
 * Why the user was sent here, if a page said so, in the words of the page they are on:
 * "Log in to check out." on the login page, "Sign up to check out." on the sign-up page.
 */
export function loginReason(state: unknown, verb: 'Log in' | 'Sign up'): string | null {
  const purpose = (state as LoginState | null)?.purpose;
  return typeof purpose === 'string' && purpose.trim() !== '' ? `${verb} ${purpose}` : null;
}

/** The path to go to after login: the guarded page that sent the user there, otherwise home. */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login.path || from.pathname === paths.signup.path) {
    return paths.home.getHref();
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
