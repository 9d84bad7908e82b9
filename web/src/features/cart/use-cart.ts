import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUser } from '@/lib/auth';
import type { CartLine } from './api-types';
import { addCartLine, removeCartLine, setCartLine } from './api/change-cart';
import { useBrowserCartQuote, useServerCart } from './api/get-cart';
import { cartKeys } from './api/keys';
import {
  addToBrowserCart,
  countUnits,
  removeFromBrowserCart,
  setBrowserCartQuantity,
  useBrowserCart,
  type CartPart,
} from './browser-cart';

/**
 * Whose cart this is: the signed-in buyer's (kept by the shop), a visitor's (kept in this browser),
 * or not known yet while the session loads (undefined).
 */
function useSignedIn(): boolean | undefined {
  const user = useUser();
  if (user.data) return true;
  if (user.data === null) return false;
  return undefined;
}

/** How many units the cart holds, for the header: no request at all for a visitor. */
export function useCartCount(): number {
  const signedIn = useSignedIn();
  const browser = useBrowserCart();
  const server = useServerCart(signedIn === true);
  if (signedIn) return server.data?.count ?? 0;
  return countUnits(browser);
}

/**
 * The cart, priced: the signed-in buyer's from the shop, a visitor's browser cart priced by the
 * shop (`POST /api/cart/quote`).
 */
export function useCart() {
  const signedIn = useSignedIn();
  const browser = useBrowserCart();
  const server = useServerCart(signedIn === true);
  const quote = useBrowserCartQuote(browser, signedIn === false);
  return { signedIn, cart: signedIn ? server : quote };
}

/**
 * What a page does to the cart, wherever it is kept. While the session is still loading a line goes
 * to the browser cart, which joins the account's as soon as the buyer is known to be signed in.
 * Each throws the shop's message when it refuses.
 */
export function useCartActions() {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();

  const add = useCallback(
    async (part: CartPart, quantity: number) => {
      if (signedIn) await addCartLine(queryClient, { partId: part._id, quantity });
      else addToBrowserCart(part, quantity);
    },
    [signedIn, queryClient],
  );

  const setQuantity = useCallback(
    async (line: CartLine, quantity: number) => {
      if (signedIn) await setCartLine(queryClient, line.partId, quantity);
      else setBrowserCartQuantity(line.partId, quantity, line.unitPrice);
    },
    [signedIn, queryClient],
  );

  const remove = useCallback(
    async (partId: string) => {
      if (signedIn) await removeCartLine(queryClient, partId);
      else removeFromBrowserCart(partId);
    },
    [signedIn, queryClient],
  );

  /** Asks the shop for the cart again (after an order was refused, say). */
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: cartKeys.all }), [queryClient]);

  return { add, setQuantity, remove, refresh };
}
