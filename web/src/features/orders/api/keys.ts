/**
 * The orders' query keys, general to specific: invalidating a key refreshes every query under it.
 * A buyer's lists, the admin's pages, single orders and payments are apart, so each change
 * refreshes only what it touches.
 */
export const orderKeys = {
  all: ['orders'] as const,
  /** Every buyer's own list. */
  lists: () => [...orderKeys.all, 'list'] as const,
  /** The buyer's orders, newest first. */
  list: (buyer: string) => [...orderKeys.lists(), buyer] as const,
  /** Every page of Manage Orders. */
  adminLists: () => [...orderKeys.all, 'admin'] as const,
  adminList: (filter: string, page: number) => [...orderKeys.adminLists(), filter, page] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  /**
   * The payment opened for an order. Not under its `detail`: refreshing the order must never
   * refetch the payment while the buyer types their card.
   */
  payments: () => [...orderKeys.all, 'payment'] as const,
  payment: (orderId: string) => [...orderKeys.payments(), orderId] as const,
};
