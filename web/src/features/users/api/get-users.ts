import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ShopUser } from '../types';
import { userKeys } from './keys';

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: () => api.get<ShopUser[]>('/user'),
    staleTime: 0,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
