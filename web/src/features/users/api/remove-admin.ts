import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifiedCount } from '@/api/types';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { userKeys } from './keys';

/** Takes the admin role away from a user (never one's own, never the last admin's); the list is refreshed afterwards. */
export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.delete<ModifiedCount>(`/user/admin/${encodeURIComponent(email)}`),
    onSettled: (_answer, _error, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.admin(email) }),
      ]),
  });
}
