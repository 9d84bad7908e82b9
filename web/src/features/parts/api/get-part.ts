import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Part } from '../types';
import { partKeys } from './keys';

export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: () => api.get<Part>(`/part/${encodeURIComponent(id)}`),
    staleTime: 10_000,
  });

export function usePart(id: string, enabled = true) {
  return useQuery({ ...partQueryOptions(id), enabled });
}
