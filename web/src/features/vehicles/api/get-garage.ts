import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { GarageVehicle } from '../types';
import { garageKeys } from './keys';

export const garageQueryOptions = () =>
  queryOptions({
    queryKey: garageKeys.list(),
    queryFn: () => api.get<GarageVehicle[]>('/garage'),
    staleTime: 30_000,
  });

/** The signed-in buyer's garage, oldest first; `enabled` false while no one is signed in. */
export function useGarage({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...garageQueryOptions(), enabled });
}
