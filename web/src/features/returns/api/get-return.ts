import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReturnView } from '../types';
import { returnKeys } from './keys';

export const returnQueryOptions = (id: string) =>
  queryOptions({
    queryKey: returnKeys.detail(id),
    queryFn: () => api.get<ReturnView>(`/returns/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

/** One return: its buyer's, or any for an admin (404 "Return not found" for anyone else). */
export function useReturn(id: string) {
  return useQuery(returnQueryOptions(id));
}
