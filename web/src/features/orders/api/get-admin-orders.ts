import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ORDER_FILTERS, type OrderFilter } from '../moves';
import type { Order } from '../types';
import { orderKeys } from './keys';

/** Orders per page on Manage Orders. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

export const adminOrdersQueryOptions = (filter: OrderFilter, page: number) =>
  queryOptions({
    queryKey: orderKeys.adminList(filter, page),
    queryFn: () => {
      const query = ORDER_FILTERS.find((choice) => choice.value === filter)?.query ?? {};
      const params = new URLSearchParams({
        ...query,
        limit: String(ADMIN_ORDERS_PAGE_SIZE),
        offset: String((page - 1) * ADMIN_ORDERS_PAGE_SIZE),
      });
      return api.getPage<Order>(`/admin/orders?${params.toString()}`);
    },
    staleTime: 0,
  });

/** Every buyer's orders, newest first, one page at a time, with the total matching the filter. */
export function useAdminOrders(filter: OrderFilter, page: number) {
  return useQuery(adminOrdersQueryOptions(filter, page));
}
