import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@/api/types';
import type { Counter, ShippingMethod, ShippingMethodRequest } from '@/features/cart/api-types';
import { cartKeys } from '@/features/cart/api/keys';
import { api } from '@/lib/api-client';
import { shippingKeys } from './keys';

export const shippingMethodsQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.methods(),
    queryFn: () => api.get<ShippingMethod[]>('/admin/shipping-methods'),
    staleTime: 0,
  });

/** Every delivery method, inactive ones too (admin). */
export function useShippingMethods() {
  return useQuery(shippingMethodsQueryOptions());
}

/** Methods, the counter or rates changed: they, and every checkout price, are asked for again. */
export function shippingChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
    queryClient.invalidateQueries({ queryKey: cartKeys.checkouts() }),
  ]);
}

const methodPath = (id: string) => `/admin/shipping-methods/${encodeURIComponent(id)}`;

/** Adds a delivery method, or changes one when `id` is given. */
export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ShippingMethodRequest }) =>
      id ? api.put<ShippingMethod>(methodPath(id), input) : api.post<ShippingMethod>('/admin/shipping-methods', input),
    onSuccess: () => shippingChanged(queryClient),
  });
}

export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedCount>(methodPath(id)),
    onSuccess: () => shippingChanged(queryClient),
  });
}

/** Saves the trade counter: where pickup orders are collected, and the place pickup is taxed at. */
export function useSaveCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Counter) => api.put<Counter>('/admin/counter', input),
    onSuccess: () => shippingChanged(queryClient),
  });
}
