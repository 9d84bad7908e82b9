import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order } from '../types';

export const ordersQueryOptions = (buyer: string) =>
  queryOptions({
    queryKey: ['orders', buyer],
    queryFn: () => api.get<Order[]>(`/booking?buyer=${encodeURIComponent(buyer)}`),
    staleTime: 0,
  });

/** The buyer's orders, newest first. */
export function useOrders(buyer: string) {
  return useQuery(ordersQueryOptions(buyer));
}
