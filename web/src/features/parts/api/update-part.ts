import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartChanges as ApiPartChanges, UpdateResult } from '@/api/types';
import type { PartWeight } from '@/features/cart/api-types';
import { api } from '@/lib/api-client';
import { partKeys } from './keys';

/**
 * The fields to change. A new `availableQuantity` goes with `availableQuantitySeen`, the stock the
 * form loaded: the shop refuses the change (409) when orders or restocks moved the stock since.
 */
export type PartChanges = Omit<ApiPartChanges, keyof PartWeight> & Partial<PartWeight>;

export type PartUpdate = { id: string; changes: PartChanges };

/** Sends only the changed fields; the server leaves the others alone. */
export function useUpdatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: PartUpdate) =>
      api.put<UpdateResult>(`/part/${encodeURIComponent(id)}`, changes),
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: partKeys.detail(id) }),
      ]),
  });
}
