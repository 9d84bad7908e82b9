import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnFigures } from '@/api/types';
import { api } from '@/lib/api-client';
import { returnKeys } from './keys';

export const returnFiguresQueryOptions = () =>
  queryOptions({
    queryKey: returnKeys.figures(),
    queryFn: () => api.get<ReturnFigures>('/admin/return-figures'),
  });

/** The returns asked for in the last 30 days, by reason: how many, how many refunded, for how much. */
export function useReturnFigures() {
  return useQuery(returnFiguresQueryOptions());
}
