import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReturnPolicy, ReturnPolicyRequest } from '../types';
import { returnKeys } from './keys';

/** Saves the return policy (admins); the answer is the policy everyone sees from then on. */
export function useSaveReturnPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: ReturnPolicyRequest) => api.put<ReturnPolicy>('/admin/return-policy', policy),
    onSuccess: (policy) => queryClient.setQueryData(returnKeys.policy(), policy),
  });
}
