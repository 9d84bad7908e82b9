import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PartInput } from '../types';

export type PartUpdate = { id: string; changes: Partial<PartInput> };

/** Sends only the changed fields; the server leaves the others alone. */
export function useUpdatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: PartUpdate) =>
      api.put<{ matchedCount: number; modifiedCount: number }>(`/part/${encodeURIComponent(id)}`, changes),
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
        queryClient.invalidateQueries({ queryKey: ['part', id] }),
      ]),
  });
}
