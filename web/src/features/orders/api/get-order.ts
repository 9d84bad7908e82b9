import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order } from '../types';
import { orderKeys } from './keys';

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => api.get<Order>(`/booking/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
