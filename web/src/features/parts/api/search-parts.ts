import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { partsApiPath, type CatalogueQuery } from '../catalogue-query';
import type { Part } from '../types';
import { partKeys } from './keys';

/** One catalogue page: the parts matching the filters, in the chosen order, and how many match. */
export const searchPartsQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    // Among the parts' lists, so adding, editing or deleting a part refreshes the catalogue too.
    queryKey: partKeys.search(partsApiPath(query)),
    queryFn: () => api.getPage<Part>(partsApiPath(query)),
    // The last page stays on screen while the next one loads, instead of a blank list.
    placeholderData: keepPreviousData,
  });

export function useSearchParts(query: CatalogueQuery) {
  return useQuery(searchPartsQueryOptions(query));
}
