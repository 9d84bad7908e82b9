import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProfileInput } from '../types';

/** Saves the profile; a second save updates the same one. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.post<{ insertedId: string }>('/profile', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
