import { describe, expect, it } from 'vitest';
import { partQueryOptions } from '@/features/parts/api/get-part';
import { searchPartsQueryOptions } from '@/features/parts/api/search-parts';
import { EMPTY_QUERY, partsApiPath } from '@/features/parts/catalogue-query';
import { makeQueryClient } from '@/lib/query-client';
import { makePart } from '@/test/parts';
import { PAGE_DATA_ID, readPageData, seedPageData } from './page-data';

/** A document whose page-data script holds `text` as the shop writes it. */
function page(text: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}">${text}</script>`;
  return doc;
}

describe('page data', () => {
  it('reads the answer the shop put into the page, with names that would close the script escaped', () => {
    const name = '</script><script>alert(1)</script>';
    // As the shop writes it: every "<" as \u003c.
    const text = JSON.stringify({ api: '/api/part?limit=1', total: 7, items: [{ name }] }).replace(/</g, '\\u003c');
    const doc = page(text);
    expect(doc.scripts).toHaveLength(1);
    expect(readPageData(doc)).toEqual({ api: '/api/part?limit=1', total: 7, items: [{ name }] });
  });

  it('has none when the script is missing, empty (the page as built) or not an answer', () => {
    expect(readPageData(document.implementation.createHTMLDocument('x'))).toBeNull();
    expect(readPageData(page(''))).toBeNull();
    expect(readPageData(page('{"api": "/api/part",'))).toBeNull();
    expect(readPageData(page('{"api": "/api/part", "total": 1}'))).toBeNull();
    expect(readPageData(page('null'))).toBeNull();
  });

  it("seeds the catalogue's first page under the key its query asks for, so it needs no request", () => {
    const queryClient = makeQueryClient();
    const items = [makePart({ _id: '1' })];
    seedPageData(queryClient, { api: `/api${partsApiPath(EMPTY_QUERY)}`, total: 30, items });
    expect(queryClient.getQueryData(searchPartsQueryOptions(EMPTY_QUERY).queryKey)).toEqual({ items, total: 30 });
    expect(queryClient.getQueryState(searchPartsQueryOptions(EMPTY_QUERY).queryKey)?.isInvalidated).toBe(false);
  });

  it("reads a part page's part and seeds it under the key the part's page asks for", () => {
    const part = makePart({ _id: '42', name: '</script><!--' });
    const data = readPageData(page(JSON.stringify({ api: '/api/part/42', part }).replace(/</g, '\\u003c')));
    expect(data).toEqual({ api: '/api/part/42', part });
    const queryClient = makeQueryClient();
    seedPageData(queryClient, data!);
    expect(queryClient.getQueryData(partQueryOptions('42').queryKey)).toEqual(part);
    // A part under another id than the one asked for is no answer for that page.
    const other = makeQueryClient();
    seedPageData(other, { api: '/api/part/41', part });
    expect(other.getQueryCache().getAll()).toHaveLength(0);
    expect(readPageData(page('{"api": "/api/part/42", "part": {"name": "no id"}}'))).toBeNull();
  });

  it('ignores answers of other API paths', () => {
    const queryClient = makeQueryClient();
    seedPageData(queryClient, { api: '/api/booking?limit=1', total: 1, items: [{}] });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
