import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ShopUser } from '../types';

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: () => api.get<ShopUser[]>('/user'),
    staleTime: 0,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
