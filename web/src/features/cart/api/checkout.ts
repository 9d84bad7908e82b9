import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/features/orders/api/keys';
import { partKeys } from '@/features/parts/api/keys';
import { api } from '@/lib/api-client';
import type { CheckoutPlaced, CheckoutQuote, CheckoutRequest, OrderLineInput } from '../api-types';
import { cartKeys } from './keys';

export const checkoutQuoteOptions = (deliveryMethod: string, addressId: string | null, lines?: OrderLineInput[]) =>
  queryOptions({
    queryKey: cartKeys.checkout(deliveryMethod, addressId, lines),
    queryFn: () =>
      api.post<CheckoutQuote>('/checkout/quote', { deliveryMethod, ...(addressId ? { addressId } : {}), ...(lines ? { lines } : {}) }),
    staleTime: 0,
    // Another method or address keeps the last prices on screen (marked as being updated) until the new ones come.
    placeholderData: keepPreviousData,
  });

/**
 * What ordering `lines` (left out: the cart) costs, sent by `deliveryMethod` ("pickup" or a
 * method's id) to `addressId`.
 */
export function useCheckoutQuote(deliveryMethod: string, addressId: string | null, enabled: boolean, lines?: OrderLineInput[]) {
  return useQuery({ ...checkoutQuoteOptions(deliveryMethod, addressId, lines), enabled });
}

/**
 * Orders the lines sent, or else the cart: the shop takes every line's stock at once, or none (docs/decisions.md, D10),
 * and refuses when the total is no longer the one the buyer saw. Afterwards the cart, the buyer's
 * orders and the parts' stock are asked for again, whatever the answer, without waiting for them:
 * a placed order goes straight on to its payment.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckoutRequest) => api.post<CheckoutPlaced>('/checkout', input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: partKeys.all });
    },
  });
}
