import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order } from '../types';

export type CreateOrderInput = { partId: string; partOrder: number; phone?: string };

/** Places an order; the server prices it and takes the stock (docs/decisions.md, D3 and D10). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderInput) =>
      api.post<{ success: boolean; insertedId: string; booking: Order }>('/booking', input),
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['part', input.partId] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]),
  });
}
