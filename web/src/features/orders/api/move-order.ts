import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { givesStockBack, type OrderMove } from '../moves';
import type { Order } from '../types';

/** Ships, delivers, cancels or refunds an order as an admin; the server answers the order after the move. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, move }: { order: Order; move: OrderMove }) =>
      api.post<Order>(`/admin/orders/${encodeURIComponent(order._id)}/${move}`),
    // Refused moves refresh too: the order may have moved on elsewhere meanwhile.
    onSettled: (_answer, _error, { order, move }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['order', order._id] }),
        ...(givesStockBack(move)
          ? [
              queryClient.invalidateQueries({ queryKey: ['part', order.partId] }),
              queryClient.invalidateQueries({ queryKey: ['parts'] }),
            ]
          : []),
      ]),
  });
}
