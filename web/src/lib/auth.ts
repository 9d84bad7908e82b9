import { queryOptions, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import type { AdminCheck, AuthResponse, UserView } from '@/api/types';
import { api } from './api-client';
import { configKeys } from './config';
import { joinGarage } from './garage-sync';
import { clearToken, getToken, setToken } from './token';

/**
 * The signed-in user, as `/api/me` answers. `emailVerified` is optional: an answer without it (an
 * older shop) never shows the "verify your e-mail" banner.
 */
export type User = Omit<UserView, 'emailVerified'> & { emailVerified?: boolean };

type AuthAnswer = AuthResponse;

/** The signed-in session's query keys, general to specific. */
export const authKeys = {
  all: ['auth'] as const,
  /** The signed-in user (`/api/me`). */
  me: () => [...authKeys.all, 'me'] as const,
  /** The server's word on whether each e-mail is an admin. */
  admins: () => [...authKeys.all, 'admin'] as const,
  admin: (email: string | undefined) => [...authKeys.admins(), email] as const,
};

/**
 * Queries kept on sign-in and sign-out, by key prefix: those that never depend on who is signed
 * in (the shop's config, the catalogue and the reviews: `partKeys.all` and `reviewKeys.all`, named
 * here as shared code does not import features), and the user itself (set, never removed, so
 * every component watching it sees the change).
 */
const KEPT_QUERY_KEYS: readonly QueryKey[] = [configKeys.all, ['parts'], ['reviews'], authKeys.me()];

/** Whether a cached query outlives signing in or out. */
export function isKeptOnSignOut(queryKey: QueryKey): boolean {
  return KEPT_QUERY_KEYS.some((kept) => kept.every((part, i) => queryKey[i] === part));
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: async (): Promise<User | null> => (getToken() ? api.get<User>('/me') : null),
    staleTime: 5 * 60_000,
  });

/** The signed-in user: `data` is null when signed out, undefined while loading. */
export function useUser() {
  return useQuery(userQueryOptions());
}

/**
 * Starts the session of a `{token, user}` answer (login, sign-up, Google, a password reset), and
 * joins the vehicle remembered in this browser to the account's garage.
 */
export function signedIn(queryClient: QueryClient, answer: AuthAnswer) {
  setToken(answer.token);
  queryClient.setQueryData(userQueryOptions().queryKey, answer.user);
  forgetPrivateData(queryClient);
  void joinGarage(queryClient);
}

function forgetPrivateData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => !isKeptOnSignOut(q.queryKey) });
}

/**
 * Clears the token and every private cached answer. The user becomes null first, so route guards
 * leave the signed-in pages before their data disappears.
 */
export function signOutLocally(queryClient: QueryClient) {
  clearToken();
  queryClient.setQueryData(userQueryOptions().queryKey, null);
  forgetPrivateData(queryClient);
}

/** Marks the signed-in user's address verified, when it is `email` (the verification link's answer). */
export function markEmailVerified(queryClient: QueryClient, email: string) {
  queryClient.setQueryData<User | null>(userQueryOptions().queryKey, (user) =>
    user && user.email.toLowerCase() === email.toLowerCase() ? { ...user, emailVerified: true } : user,
  );
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(() => signOutLocally(queryClient), [queryClient]);
}

/** The server's own word on whether this e-mail is an admin, always re-checked. */
export function useIsAdmin(email: string | undefined) {
  return useQuery({
    queryKey: authKeys.admin(email),
    queryFn: async () => (await api.get<AdminCheck>(`/admin/${encodeURIComponent(email ?? '')}`)).admin,
    enabled: Boolean(email),
    staleTime: 0,
  });
}

const SignedInUserContext = createContext<User | null>(null);

/** Set by the signed-in route guard: the user that the pages under it are shown for. */
export const SignedInUserProvider = SignedInUserContext.Provider;

/**
 * The signed-in user, for components under the signed-in route guard. It comes from the guard, so
 * a page being left on sign-out still renders with the user it was opened for.
 */
export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is used outside a signed-in route');
  return user;
}
