import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Part } from '../types';

export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['part', id],
    queryFn: () => api.get<Part>(`/part/${encodeURIComponent(id)}`),
    staleTime: 10_000,
  });

export function usePart(id: string) {
  return useQuery(partQueryOptions(id));
}
