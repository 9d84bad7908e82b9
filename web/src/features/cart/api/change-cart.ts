import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AddCartLineRequest, Cart } from '../api-types';
import { cartKeys } from './keys';

// Plain calls rather than mutation hooks: Add to cart is on the home page and the catalogue, whose
// first load stays without the mutation code. Each page keeps its own "busy" state.

/** Every answer of the cart's routes is the whole cart: it becomes the cached one, and checkout prices are asked again. */
function cartChanged(queryClient: QueryClient, cart: Cart): Cart {
  queryClient.setQueryData(cartKeys.server(), cart);
  void queryClient.invalidateQueries({ queryKey: cartKeys.checkouts() });
  return cart;
}

const linePath = (partId: string) => `/cart/lines/${encodeURIComponent(partId)}`;

/** Adds units of a part to the signed-in buyer's cart; the shop checks the stock and minimum order. */
export async function addCartLine(queryClient: QueryClient, input: AddCartLineRequest): Promise<Cart> {
  return cartChanged(queryClient, await api.post<Cart>('/cart/lines', input));
}

/** Sets a line's quantity in the signed-in buyer's cart. */
export async function setCartLine(queryClient: QueryClient, partId: string, quantity: number): Promise<Cart> {
  return cartChanged(queryClient, await api.put<Cart>(linePath(partId), { quantity }));
}

/** Takes a line out of the signed-in buyer's cart. */
export async function removeCartLine(queryClient: QueryClient, partId: string): Promise<Cart> {
  return cartChanged(queryClient, await api.delete<Cart>(linePath(partId)));
}
