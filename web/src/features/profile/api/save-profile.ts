import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertedId } from '@/api/types';
import { api } from '@/lib/api-client';
import type { ProfileInput } from '../types';
import { profileKeys } from './keys';

/** Saves the profile; a second save updates the same one. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.post<InsertedId>('/profile', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
