import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CategoryCount } from '../types';
import { partKeys } from './keys';

/** Every category in the shop's order, with its part count. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: partKeys.categories(),
    queryFn: () => api.get<CategoryCount[]>('/category'),
    staleTime: 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
