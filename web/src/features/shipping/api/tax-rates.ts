import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@/api/types';
import type { TaxRate, TaxRateRequest } from '@/features/cart/api-types';
import { api } from '@/lib/api-client';
import { shippingKeys } from './keys';
import { shippingChanged } from './shipping-methods';

export const taxRatesQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.taxRates(),
    queryFn: () => api.get<TaxRate[]>('/admin/tax-rates'),
    staleTime: 0,
  });

/** Every tax rate, by country and region (admin). */
export function useTaxRates() {
  return useQuery(taxRatesQueryOptions());
}

const ratePath = (id: string) => `/admin/tax-rates/${encodeURIComponent(id)}`;

/** Adds a tax rate, or changes one when `id` is given. */
export function useSaveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TaxRateRequest }) =>
      id ? api.put<TaxRate>(ratePath(id), input) : api.post<TaxRate>('/admin/tax-rates', input),
    onSuccess: () => shippingChanged(queryClient),
  });
}

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedCount>(ratePath(id)),
    onSuccess: () => shippingChanged(queryClient),
  });
}
