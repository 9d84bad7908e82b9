import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CategoryCount } from '../types';
import { partKeys } from './keys';

/**
 * Every category in the shop's order, with its count of parts matching the catalogue's other
 * filters (`apiPath`: `categoriesApiPath`; `/category` counts every part).
 */
export const categoriesQueryOptions = (apiPath = '/category') =>
  queryOptions({
    queryKey: partKeys.categories(apiPath),
    queryFn: () => api.get<CategoryCount[]>(apiPath),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useCategories(apiPath?: string) {
  return useQuery(categoriesQueryOptions(apiPath));
}
