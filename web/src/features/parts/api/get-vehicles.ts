import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { VehicleMake } from '../types';
import { partKeys } from './keys';

/** The makes and models the catalogue's parts fit, A–Z, each with its widest year span. */
export const vehiclesQueryOptions = () =>
  queryOptions({
    queryKey: partKeys.vehicles(),
    queryFn: () => api.get<VehicleMake[]>('/vehicle'),
    staleTime: 60_000,
  });

export function useVehicles() {
  return useQuery(vehiclesQueryOptions());
}
