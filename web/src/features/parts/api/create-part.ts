import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertedId } from '@/api/types';
import { api } from '@/lib/api-client';
import type { PartInput } from '../types';
import { partKeys } from './keys';

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PartInput) => api.post<InsertedId>('/part', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.lists() }),
  });
}
