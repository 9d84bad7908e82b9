import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReturnReason, ReturnState, ReturnView } from '../types';
import { returnKeys } from './keys';

/** Returns per page on the staff's Returns page. */
export const RETURNS_PAGE_SIZE = 20;

/** The most returns My Returns shows: the newest (far more than a buyer makes). */
export const MY_RETURNS_LIMIT = 100;

/**
 * A list of returns: the signed-in person's own (`mine`, `GET /api/returns`), or every buyer's for
 * the staff (`all`, `GET /api/admin/returns`); filtered, one page.
 */
export type ReturnsQuery = { scope: 'mine' | 'all'; state?: ReturnState | ''; reason?: ReturnReason | ''; limit: number; offset: number };

/** The query string of a list: the filters that are set, then the page. */
export function returnsSearch({ state, reason, limit, offset }: Omit<ReturnsQuery, 'scope'>): string {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (reason) params.set('reason', reason);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return params.toString();
}

export const returnsQueryOptions = (query: ReturnsQuery) => {
  const search = returnsSearch(query);
  return queryOptions({
    queryKey: returnKeys.list(`${query.scope}?${search}`),
    queryFn: () => api.getPage<ReturnView>(`${query.scope === 'all' ? '/admin/returns' : '/returns'}?${search}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

/** Returns, newest first, with the total matching the query. */
export function useReturns(query: ReturnsQuery) {
  return useQuery(returnsQueryOptions(query));
}
