import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@/features/orders/api/keys';
import { partKeys } from '@/features/parts/api/keys';
import { api } from '@/lib/api-client';
import type { ApproveRequest, ReceiveRequest, RejectRequest, ReturnView } from '../types';
import { returnKeys } from './keys';

/** A move and its body: refund and close have none. */
export type ReturnMoveInput =
  | { ret: ReturnView; move: 'approve'; body: ApproveRequest }
  | { ret: ReturnView; move: 'reject'; body: RejectRequest }
  | { ret: ReturnView; move: 'receive'; body: ReceiveRequest }
  | { ret: ReturnView; move: 'refund' | 'close'; body?: undefined };

/** Approves, rejects, receives, refunds or closes a return as an admin; the shop answers the return after the move. */
export function useMoveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ret, move, body }: ReturnMoveInput) =>
      api.post<ReturnView>(`/admin/returns/${encodeURIComponent(ret._id)}/${move}`, body),
    // Refused moves refresh too: the return may have moved on elsewhere meanwhile.
    onSettled: (_answer, _error, { ret, move }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: returnKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: returnKeys.detail(ret._id) }),
        // A refund changes what the order says was refunded.
        ...(move === 'refund'
          ? [
              queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
              queryClient.invalidateQueries({ queryKey: orderKeys.adminLists() }),
              queryClient.invalidateQueries({ queryKey: orderKeys.detail(ret.bookingId) }),
            ]
          : []),
        // Resalable parts go back on the shelf.
        ...(move === 'receive'
          ? [
              queryClient.invalidateQueries({ queryKey: partKeys.lists() }),
              ...ret.lines.map((line) => queryClient.invalidateQueries({ queryKey: partKeys.detail(line.partId) })),
            ]
          : []),
      ]),
  });
}
