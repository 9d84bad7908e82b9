import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Part } from '../types';
import { partKeys } from './keys';

// Apart from the other lists' calls (get-parts.ts), so the home page, which shows these, loads none of
// the catalogue's query code with them.

/** The `count` newest parts, newest first, in one request (the catalogue's `sort=newest`). */
export const latestPartsQueryOptions = (count: number) =>
  queryOptions({
    queryKey: partKeys.latest(count),
    queryFn: () => api.get<Part[]>(`/part?sort=newest&limit=${count}`),
  });

export function useLatestParts(count: number) {
  return useQuery(latestPartsQueryOptions(count));
}
