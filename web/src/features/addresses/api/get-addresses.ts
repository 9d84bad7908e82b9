import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@/features/cart/api-types';
import { api } from '@/lib/api-client';
import { addressKeys } from './keys';

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressKeys.list(),
    queryFn: () => api.get<Address[]>('/addresses'),
    staleTime: 60_000,
  });

/** The signed-in buyer's address book: the default first, then the newest. */
export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
