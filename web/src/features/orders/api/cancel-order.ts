import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@/api/types';
import { partKeys } from '@/features/parts/api/keys';
import { api } from '@/lib/api-client';
import type { Order } from '../types';
import { orderKeys } from './keys';

/** Cancels an unpaid order; the server keeps it as cancelled and gives the stock back. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => api.delete<DeletedCount>(`/booking/${encodeURIComponent(order._id)}`),
    onSettled: (_answer, _error, order) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) }),
        queryClient.invalidateQueries({ queryKey: partKeys.detail(order.partId) }),
        queryClient.invalidateQueries({ queryKey: partKeys.lists() }),
      ]),
  });
}
