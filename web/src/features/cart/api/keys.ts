import type { CartLineInput, OrderLineInput } from '../api-types';

/**
 * The cart's query keys, general to specific: invalidating a key refreshes every query under it.
 * None outlives signing in or out (the signed-in buyer's cart is theirs alone).
 */
export const cartKeys = {
  all: ['cart'] as const,
  /** The signed-in buyer's cart, kept by the shop. */
  server: () => [...cartKeys.all, 'server'] as const,
  /** The prices of browser carts, by their lines. */
  quotes: () => [...cartKeys.all, 'quote'] as const,
  quote: (lines: readonly CartLineInput[]) => [...cartKeys.quotes(), lines] as const,
  /** The checkout's prices of the cart (or of the lines bought alone), by delivery method and address. */
  checkouts: () => [...cartKeys.all, 'checkout'] as const,
  checkout: (deliveryMethod: string, addressId: string | null, lines?: readonly OrderLineInput[]) =>
    [...cartKeys.checkouts(), deliveryMethod, addressId, lines ?? 'cart'] as const,
};
