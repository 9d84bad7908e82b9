import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { GarageVehicle, VehicleRequest } from '../types';
import { garageKeys } from './keys';

/** Adds a vehicle to the garage (the first becomes current); 409 when it is there already or the garage is full. */
export function useAddVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicle: VehicleRequest) => api.post<GarageVehicle>('/garage', vehicle),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: garageKeys.all }),
  });
}
