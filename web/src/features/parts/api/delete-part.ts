import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@/api/types';
import { api } from '@/lib/api-client';
import { partKeys } from './keys';

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedCount>(`/part/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: partKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: partKeys.lists() });
    },
  });
}
