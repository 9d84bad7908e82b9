/** The shop accounts' query keys, general to specific: invalidating a key refreshes every query under it. */
export const userKeys = {
  all: ['users'] as const,
  /** Every account, as the admin's All Users list shows them. */
  list: () => [...userKeys.all, 'list'] as const,
};
