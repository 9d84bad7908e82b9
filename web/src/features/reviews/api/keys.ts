/** The reviews' query keys, general to specific: invalidating a key refreshes every query under it. */
export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  /** The newest reviews, `pageSize` at a time. */
  list: (pageSize: number) => [...reviewKeys.lists(), pageSize] as const,
};
