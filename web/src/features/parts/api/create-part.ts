import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PartInput } from '../types';

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PartInput) => api.post<{ insertedId: string }>('/part', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
