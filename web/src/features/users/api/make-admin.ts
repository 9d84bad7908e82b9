import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifiedCount } from '@/api/types';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { userKeys } from './keys';

/** Makes a user an admin; the list is refreshed afterwards. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.put<ModifiedCount>(`/user/admin/${encodeURIComponent(email)}`),
    onSettled: (_answer, _error, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.admin(email) }),
      ]),
  });
}
