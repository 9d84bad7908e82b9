import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { defaultSort } from '../catalogue-query';
import type { Part } from '../types';
import { partKeys } from './keys';

/** Parts per page on Manage Parts. */
export const ADMIN_PARTS_PAGE_SIZE = 50;

/**
 * The `/api/part` call that answers one page of Manage Parts: the newest parts first (so a part
 * just added is on the first page), or with a search `q` (names, part numbers, OEM numbers) the
 * best match first, as the catalogue lists them.
 */
export function adminPartsApiPath(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('sort', defaultSort(q));
  params.set('limit', String(ADMIN_PARTS_PAGE_SIZE));
  params.set('offset', String((page - 1) * ADMIN_PARTS_PAGE_SIZE));
  return `/part?${params}`;
}

/** One page of Manage Parts, with the page it is (so the range shown is the answer's own). */
export type AdminPartsPage = Page<Part> & { page: number };

export const adminPartsQueryOptions = (q: string, page: number) =>
  queryOptions({
    // Among the parts' lists, so adding, editing, restocking or deleting a part refreshes it.
    queryKey: partKeys.admin(adminPartsApiPath(q, page)),
    queryFn: async (): Promise<AdminPartsPage> => ({ ...(await api.getPage<Part>(adminPartsApiPath(q, page))), page }),
    // The last page stays on screen (dimmed) while the next one loads, instead of a spinner.
    placeholderData: keepPreviousData,
  });

/** One page of the parts for Manage Parts, with how many match in all (`X-Total-Count`). */
export function useAdminParts(q: string, page: number) {
  return useQuery(adminPartsQueryOptions(q, page));
}
