import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@/api/types';
import { api } from '@/lib/api-client';
import { garageKeys } from './keys';

/** Removes a garage vehicle; when it was the current one, none is current. */
export function useRemoveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedCount>(`/garage/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: garageKeys.all }),
  });
}
