import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/token';
import type { ChangePasswordRequest, PasswordChanged } from '../types';

/**
 * Changes the signed-in user's password. Every other session ends; this one goes on with the token
 * the answer carries, kept at once so the next request uses it.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => api.post<PasswordChanged>('/auth/change-password', input),
    onSuccess: (answer) => setToken(answer.token),
  });
}
