import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order } from '../types';

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['order', id],
    queryFn: () => api.get<Order>(`/booking/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
