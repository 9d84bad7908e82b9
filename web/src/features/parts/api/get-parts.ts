import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Part } from '../types';

/** Every part, oldest first (so the last three are the newest). */
export const partsQueryOptions = () =>
  queryOptions({
    queryKey: ['parts'],
    queryFn: () => api.get<Part[]>('/part'),
  });

export function useParts() {
  return useQuery(partsQueryOptions());
}

/**
 * The `count` newest parts, newest first: the total first, then only the last page of the list
 * (oldest first, so the newest are at its end), rather than the whole catalogue.
 */
export const latestPartsQueryOptions = (count: number) =>
  queryOptions({
    queryKey: ['parts', 'latest', count],
    queryFn: async () => {
      const { total } = await api.page<Part>('/part?limit=1');
      if (total === 0) return [];
      const { items } = await api.page<Part>(`/part?limit=${count}&offset=${Math.max(0, total - count)}`);
      return items.slice(-count).reverse();
    },
  });

export function useLatestParts(count: number) {
  return useQuery(latestPartsQueryOptions(count));
}
