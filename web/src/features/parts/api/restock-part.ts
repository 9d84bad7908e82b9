import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestockRequest } from '@/api/types';
import { api } from '@/lib/api-client';
import type { Part } from '../types';
import { partKeys } from './keys';

export type Restock = { id: string; quantity: number };

/** Adds `quantity` units to a part's stock; the server answers the part with its new stock. */
export function useRestockPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: Restock) => api.post<Part>(`/part/${encodeURIComponent(id)}/restock`, { quantity } satisfies RestockRequest),
    onSuccess: (part, { id }) => {
      queryClient.setQueryData(partKeys.detail(id), part);
      return queryClient.invalidateQueries({ queryKey: partKeys.lists() });
    },
  });
}
