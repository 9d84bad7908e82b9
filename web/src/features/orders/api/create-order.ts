import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPlaced, OrderRequest } from '@/api/types';
import { partKeys } from '@/features/parts/api/keys';
import { api } from '@/lib/api-client';
import type { Order } from '../types';
import { orderKeys } from './keys';

export type CreateOrderInput = OrderRequest & { partId: string };

/** Places an order; the server prices it and takes the stock (docs/decisions.md, D3 and D10). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderInput) =>
      api.post<Omit<OrderPlaced, 'booking'> & { booking: Order }>('/booking', input),
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: partKeys.detail(input.partId) }),
        queryClient.invalidateQueries({ queryKey: partKeys.lists() }),
      ]),
  });
}
