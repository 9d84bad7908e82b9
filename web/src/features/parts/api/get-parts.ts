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
