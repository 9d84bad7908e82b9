import type { QueryClient } from '@tanstack/react-query';
import { partKeys } from '@/features/parts/api/keys';

/**
 * A prerendered page may start from an API answer that the shop puts into its HTML (the
 * catalogue's first page): `<script type="application/json" id="page-data">` in the head, holding
 * `{"api": "/api/part?...", "total": 40, "items": [...]}`. The build leaves the element empty with
 * the API path in `data-api` (build/prerender.ts); the shop fills it when it answers the page.
 */
export const PAGE_DATA_ID = 'page-data';

export type PageData = { api: string; total: number; items: unknown[] };

/**
 * A part's own page (`/parts/{id}`) starts from the part itself, which the shop puts into the app's
 * shell: `{"api": "/api/part/42", "part": {...}}`.
 */
export type PartPageData = { api: string; part: { _id: string } };

/** The answer the shop put into the page, or null when there is none (or it is not one). */
export function readPageData(doc: Document): PageData | PartPageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PageData & PartPageData> | null;
    if (typeof data?.api !== 'string') return null;
    if (data.api.startsWith(PART) && typeof data.part?._id === 'string') return { api: data.api, part: data.part };
    if (typeof data.total !== 'number' || !Array.isArray(data.items)) return null;
    return { api: data.api, total: data.total, items: data.items };
  } catch {
    return null;
  }
}

const CATALOGUE = '/api/part?';
const PART = '/api/part/';

/**
 * Puts the page's answer into the query cache, under the key the page's own query asks for (a
 * catalogue page's, `searchPartsQueryOptions`; a part's, `partQueryOptions`), so that page shows
 * it without a request.
 */
export function seedPageData(queryClient: QueryClient, data: PageData | PartPageData): void {
  if ('part' in data) {
    // A part's page asks for the part by the id in its address: the one the shop answered.
    if (data.api === `${PART}${encodeURIComponent(data.part._id)}`) queryClient.setQueryData(partKeys.detail(data.part._id), data.part);
    return;
  }
  if (!data.api.startsWith(CATALOGUE)) return;
  queryClient.setQueryData(partKeys.search(data.api.slice('/api'.length)), { items: data.items, total: data.total });
}
