import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReturnPolicy } from '../types';
import { returnKeys } from './keys';

export const returnPolicyQueryOptions = () =>
  queryOptions({
    queryKey: returnKeys.policy(),
    queryFn: () => api.get<ReturnPolicy>('/return-policy'),
    staleTime: 5 * 60_000,
  });

/** The shop's return window and restocking fee (public). */
export function useReturnPolicy() {
  return useQuery(returnPolicyQueryOptions());
}
