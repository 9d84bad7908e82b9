import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@/api/types';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: () => api.get<Dashboard>('/admin/dashboard'),
    staleTime: 0,
  });

/** The sales dashboard: the last 30 days' orders and revenue, order counts, top parts, low stock, refunds. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
