import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPlaced, OrderRequest } from '@/api/types';
import { api } from '@/lib/api-client';
import type { Order } from '../types';

export type CreateOrderInput = OrderRequest & { partId: string };

/** Places an order; the server prices it and takes the stock (D3, D10). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderInput) =>
      api.post<Omit<OrderPlaced, 'booking'> & { booking: Order }>('/booking', input),
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['part', input.partId] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]),
  });
}
