import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { signOutLocally } from '@/lib/auth';
import type { SignedOutEverywhere } from '../types';

/**
 * Ends every session of the signed-in user, this one included, then forgets it here. A session that
 * had already ended (401) counts as done.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        return await api.post<SignedOutEverywhere>('/auth/sign-out-everywhere', {});
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { signedOut: true };
        throw error;
      }
    },
    onSuccess: () => signOutLocally(queryClient),
  });
}
