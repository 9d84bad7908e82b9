import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@/api/types';
import { orderKeys } from '@/features/orders/api/keys';
import { api } from '@/lib/api-client';

/**
 * The order a buyer returns parts of, as `GET /api/booking/{id}` answers it: under the orders' own
 * key, so the order's page and the return form share one answer.
 */
export const returnableOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => api.get<Booking>(`/booking/${encodeURIComponent(orderId)}`),
    staleTime: 0,
  });

export function useReturnableOrder(orderId: string) {
  return useQuery(returnableOrderQueryOptions(orderId));
}
