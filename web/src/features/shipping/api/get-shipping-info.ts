import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingInfo } from '@/features/cart/api-types';
import { api } from '@/lib/api-client';
import { shippingKeys } from './keys';

export const shippingInfoQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.info(),
    queryFn: () => api.get<ShippingInfo>('/shipping-methods'),
    staleTime: 5 * 60_000,
  });

/** The trade counter and the delivery methods on offer (public). */
export function useShippingInfo(enabled = true) {
  return useQuery({ ...shippingInfoQueryOptions(), enabled });
}
