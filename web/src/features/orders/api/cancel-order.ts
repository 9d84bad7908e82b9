import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@/api/types';
import { api } from '@/lib/api-client';
import type { Order } from '../types';

/** Cancels an unpaid order; the server keeps it as cancelled and gives the stock back. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => api.delete<DeletedCount>(`/booking/${encodeURIComponent(order._id)}`),
    onSettled: (_answer, _error, order) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['order', order._id] }),
        queryClient.invalidateQueries({ queryKey: ['part', order.partId] }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]),
  });
}
