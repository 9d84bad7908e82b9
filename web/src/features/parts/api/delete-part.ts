import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deletedCount: number }>(`/part/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ['part', id] });
      return queryClient.invalidateQueries({ queryKey: ['parts'] });
    },
  });
}
