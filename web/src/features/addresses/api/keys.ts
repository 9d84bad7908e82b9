/** The address book's query keys, general to specific: invalidating a key refreshes every query under it. */
export const addressKeys = {
  all: ['addresses'] as const,
  /** The signed-in buyer's addresses, the default first. */
  list: () => [...addressKeys.all, 'list'] as const,
};
