import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Part } from '../types';
import { partKeys } from './keys';

/** Every part, oldest first (so the last three are the newest). */
export const partsQueryOptions = () =>
  queryOptions({
    queryKey: partKeys.every(),
    queryFn: () => api.get<Part[]>('/part'),
  });

export function useParts() {
  return useQuery(partsQueryOptions());
}

/** The `count` newest parts, newest first, in one request (the catalogue's `sort=newest`). */
export const latestPartsQueryOptions = (count: number) =>
  queryOptions({
    queryKey: partKeys.latest(count),
    queryFn: () => api.get<Part[]>(`/part?sort=newest&limit=${count}`),
  });

export function useLatestParts(count: number) {
  return useQuery(latestPartsQueryOptions(count));
}
