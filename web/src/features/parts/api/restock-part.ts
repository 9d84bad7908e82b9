import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestockRequest } from '@/api/types';
import { api } from '@/lib/api-client';
import type { Part } from '../types';
import { partKeys } from './keys';

/**
 * `key` is the restock's `Idempotency-Key`: made once per restock and sent again with every retry
 * of it, so a retry after a lost answer adds nothing twice (docs/decisions.md, D31).
 */
export type Restock = { id: string; quantity: number; key: string };

/** A fresh key for one restock: 128 random bits in hex (works on plain http too, unlike randomUUID). */
export function newRestockKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Adds `quantity` units to a part's stock; the server answers the part with its new stock. */
export function useRestockPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity, key }: Restock) =>
      api.post<Part>(`/part/${encodeURIComponent(id)}/restock`, { quantity } satisfies RestockRequest, { 'Idempotency-Key': key }),
    onSuccess: (part, { id }) => {
      queryClient.setQueryData(partKeys.detail(id), part);
      return queryClient.invalidateQueries({ queryKey: partKeys.lists() });
    },
  });
}
