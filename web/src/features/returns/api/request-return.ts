import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReturnRequest, ReturnView } from '../types';
import { returnKeys } from './keys';

export type RequestReturnInput = { orderId: string; request: ReturnRequest };

/** Asks to send lines of a delivered or collected order back; the shop answers the return (201). */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, request }: RequestReturnInput) =>
      api.post<ReturnView>(`/booking/${encodeURIComponent(orderId)}/returns`, request),
    onSuccess: (ret) => {
      queryClient.setQueryData(returnKeys.detail(ret._id), ret);
      return queryClient.invalidateQueries({ queryKey: returnKeys.lists() });
    },
  });
}
