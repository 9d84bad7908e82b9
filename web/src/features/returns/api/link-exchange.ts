import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@/api/types';
import { orderKeys } from '@/features/orders/api/keys';
import { api } from '@/lib/api-client';
import type { ReturnView } from '../types';
import { returnKeys } from './keys';

/**
 * An order as the replacement list reads it: older shops' answers may lack `lines` (such an order
 * is its one part, `partName`).
 */
export type ListedOrder = Pick<Booking, '_id' | 'createdAt' | 'fulfilmentStatus' | 'partName'> & { lines?: Booking['lines'] };

/** The buyer's orders (`GET /api/booking`), under the orders' own key, to choose the replacement from. */
export const buyerOrdersQueryOptions = (buyer: string) =>
  queryOptions({
    queryKey: orderKeys.list(buyer),
    queryFn: () => api.get<ListedOrder[]>(`/booking?buyer=${encodeURIComponent(buyer)}`),
    staleTime: 0,
  });

export function useBuyerOrders(buyer: string) {
  return useQuery(buyerOrdersQueryOptions(buyer));
}

/** Links the order that replaces a part returned because it did not fit (docs/decisions.md, D41). */
export function useLinkExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ret, orderId }: { ret: ReturnView; orderId: string }) =>
      api.post<ReturnView>(`/returns/${encodeURIComponent(ret._id)}/exchange`, { orderId }),
    onSuccess: (linked) => {
      queryClient.setQueryData(returnKeys.detail(linked._id), linked);
      return queryClient.invalidateQueries({ queryKey: returnKeys.lists() });
    },
  });
}
