/**
 * The returns' query keys, general to specific: invalidating a key refreshes every query under it.
 * Lists (a buyer's own, the staff's pages by filter), single returns and the shop's policy are apart,
 * so each change refreshes only what it touches.
 */
export const returnKeys = {
  all: ['returns'] as const,
  /** Every list of returns: My Returns and each page of the staff's Returns. */
  lists: () => [...returnKeys.all, 'list'] as const,
  /** One list: its query string (state, reason, limit, offset). */
  list: (query: string) => [...returnKeys.lists(), query] as const,
  details: () => [...returnKeys.all, 'detail'] as const,
  detail: (id: string) => [...returnKeys.details(), id] as const,
  /** The shop's return policy (the same for everyone). */
  policy: () => [...returnKeys.all, 'policy'] as const,
  /** The last 30 days' returns by reason (admins). */
  figures: () => [...returnKeys.all, 'figures'] as const,
};
