import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { GarageVehicle, VehicleRequest } from '../types';
import { garageKeys } from './keys';

/** Replaces a garage vehicle's fields (any left out is cleared, so send them all); `current` stays. */
export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vehicle }: { id: string; vehicle: VehicleRequest }) => api.put<GarageVehicle>(`/garage/${encodeURIComponent(id)}`, vehicle),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: garageKeys.all }),
  });
}
