import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AddCartLineRequest, Cart } from '../api-types';
import { cartKeys } from './keys';

/** Every answer of the cart's routes is the whole cart: it becomes the cached one, and checkout prices are asked again. */
function cartChanged(queryClient: QueryClient, cart: Cart) {
  queryClient.setQueryData(cartKeys.server(), cart);
  return queryClient.invalidateQueries({ queryKey: cartKeys.checkouts() });
}

const linePath = (partId: string) => `/cart/lines/${encodeURIComponent(partId)}`;

/** Adds units of a part to the signed-in buyer's cart; the shop checks the stock and minimum order. */
export function useAddCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddCartLineRequest) => api.post<Cart>('/cart/lines', input),
    onSuccess: (cart) => cartChanged(queryClient, cart),
  });
}

/** Sets a line's quantity in the signed-in buyer's cart. */
export function useSetCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partId, quantity }: { partId: string; quantity: number }) => api.put<Cart>(linePath(partId), { quantity }),
    onSuccess: (cart) => cartChanged(queryClient, cart),
  });
}

/** Takes a line out of the signed-in buyer's cart. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partId: string) => api.delete<Cart>(linePath(partId)),
    onSuccess: (cart) => cartChanged(queryClient, cart),
  });
}
