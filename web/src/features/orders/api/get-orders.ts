import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order } from '../types';
import { orderKeys } from './keys';

export const ordersQueryOptions = (buyer: string) =>
  queryOptions({
    queryKey: orderKeys.list(buyer),
    queryFn: () => api.get<Order[]>(`/booking?buyer=${encodeURIComponent(buyer)}`),
    staleTime: 0,
  });

/** The buyer's orders, newest first. */
export function useOrders(buyer: string) {
  return useQuery(ordersQueryOptions(buyer));
}
