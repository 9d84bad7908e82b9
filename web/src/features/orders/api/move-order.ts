import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partKeys } from '@/features/parts/api/keys';
import { api } from '@/lib/api-client';
import { givesStockBack, type OrderMove } from '../moves';
import type { Order, ShipDetails } from '../types';
import { orderKeys } from './keys';

/** A move to make; shipping may say how the parts travel (sent only when something was given). */
export type MoveInput = { order: Order; move: OrderMove; shipping?: ShipDetails };

/** Ships, delivers, cancels or refunds an order as an admin; the server answers the order after the move. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, move, shipping }: MoveInput) =>
      api.post<Order>(
        `/admin/orders/${encodeURIComponent(order._id)}/${move}`,
        shipping && Object.keys(shipping).length > 0 ? shipping : undefined,
      ),
    // Refused moves refresh too: the order may have moved on elsewhere meanwhile.
    onSettled: (_answer, _error, { order, move }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.adminLists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) }),
        ...(givesStockBack(move)
          ? [
              queryClient.invalidateQueries({ queryKey: partKeys.detail(order.partId) }),
              queryClient.invalidateQueries({ queryKey: partKeys.lists() }),
            ]
          : []),
      ]),
  });
}
