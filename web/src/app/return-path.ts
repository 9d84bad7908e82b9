import type { Location } from 'react-router';
import { paths } from '@/config/paths';

/** What a guard hands the login page so it can send the user back where they came from. */
export type LoginState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** The path to go to after login: the guarded page that sent the user there, otherwise home. */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login.path || from.pathname === paths.signup.path) {
    return paths.home.getHref();
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
