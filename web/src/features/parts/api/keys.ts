/**
 * The parts' query keys, general to specific: invalidating a key refreshes every query under it.
 * A part's own page (`detail`) is apart from the catalogue-wide answers (`lists`), so a change
 * that touches every list does not refetch a part whose fresh answer is already in the cache.
 */
export const partKeys = {
  all: ['parts'] as const,
  /** Every answer about the catalogue as a whole: lists, pages, counts and vehicles. Any part's change changes them. */
  lists: () => [...partKeys.all, 'list'] as const,
  /** One page of Manage Parts, by its API path (`adminPartsApiPath`). */
  admin: (apiPath: string) => [...partKeys.lists(), 'admin', apiPath] as const,
  /** The `count` newest parts. */
  latest: (count: number) => [...partKeys.lists(), 'latest', count] as const,
  /**
   * One catalogue page, by its API path (`partsApiPath`): the page data the shop puts into /parts
   * names the same path, so the cache it seeds is found (src/app/page-data.ts).
   */
  search: (apiPath: string) => [...partKeys.lists(), 'search', apiPath] as const,
  /** Every category with its count of parts matching a catalogue's filters, by its API path. */
  categories: (apiPath = '/category') => [...partKeys.lists(), 'categories', apiPath] as const,
  /** The makes and models the parts fit. */
  vehicles: () => [...partKeys.lists(), 'vehicles'] as const,
  details: () => [...partKeys.all, 'detail'] as const,
  detail: (id: string) => [...partKeys.details(), id] as const,
};
