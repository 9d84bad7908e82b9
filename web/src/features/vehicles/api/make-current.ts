import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { GarageVehicle } from '../types';
import { garageKeys } from './keys';

/** Makes a garage vehicle the only current one (the list refreshes: the one before is current no more). */
export function useMakeCurrent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<GarageVehicle>(`/garage/${encodeURIComponent(id)}/current`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: garageKeys.all }),
  });
}
