import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Makes a user an admin; the list is refreshed afterwards. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.put<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`),
    onSettled: (_answer, _error, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', email] }),
      ]),
  });
}
