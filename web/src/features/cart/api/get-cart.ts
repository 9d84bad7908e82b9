import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { Cart, CartLineInput } from '../api-types';
import { forgetMergedLines, getBrowserCart } from '../browser-cart';
import { cartKeys } from './keys';

/** The cart of nothing, as the shop would price it. */
export const EMPTY_CART: Cart = { lines: [], count: 0, subtotal: 0, coreCharges: 0, ready: false };

/**
 * The signed-in buyer's cart. Lines left in the browser cart (put there before signing in, by
 * e-mail and password, Google or a reset link alike) join it first (`POST /api/cart/merge`) and
 * are then forgotten in the browser. Merging the same lines twice changes nothing, so a merge that
 * is cut short is simply done again next time. Lines the shop refuses to merge (400: none it
 * could read) are dropped rather than sent again and again.
 */
export async function fetchServerCart(): Promise<Cart> {
  const lines = getBrowserCart();
  if (lines.length > 0) {
    try {
      const merged = await api.post<Cart>('/cart/merge', { lines });
      forgetMergedLines(lines);
      return merged;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) throw error;
      forgetMergedLines(lines);
    }
  }
  return api.get<Cart>('/cart');
}

export const serverCartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.server(),
    queryFn: fetchServerCart,
    staleTime: 30_000,
  });

/** The signed-in buyer's cart, when `enabled`. */
export function useServerCart(enabled: boolean) {
  return useQuery({ ...serverCartQueryOptions(), enabled });
}

export const browserCartQuoteOptions = (lines: readonly CartLineInput[]) =>
  queryOptions({
    queryKey: cartKeys.quote(lines),
    queryFn: (): Promise<Cart> => (lines.length === 0 ? Promise.resolve(EMPTY_CART) : api.post<Cart>('/cart/quote', { lines })),
    staleTime: 30_000,
    // A changed quantity keeps the old prices on screen until the new ones come.
    placeholderData: keepPreviousData,
  });

/** A browser cart's lines, priced by the shop as they are now, when `enabled`. */
export function useBrowserCartQuote(lines: readonly CartLineInput[], enabled: boolean) {
  return useQuery({ ...browserCartQuoteOptions(lines), enabled });
}
