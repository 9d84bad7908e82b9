/**
 * A part's page knows the catalogue page the buyer came from (its filters, sort and page), so its
 * breadcrumb leads back there: the catalogue's cards hand it over in the link's state.
 */
export type CatalogueState = { catalogue: string };

/** The state a card's link carries from the catalogue page at `search` ("?make=Toyota&..."). */
export function catalogueState(search: string): CatalogueState {
  return { catalogue: search };
}

/** The catalogue's query string the buyer came from ("" for the whole catalogue, or when unknown). */
export function catalogueFrom(state: unknown): string {
  const search = (state as Partial<CatalogueState> | null)?.catalogue;
  return typeof search === 'string' && (search === '' || search.startsWith('?')) ? search : '';
}
