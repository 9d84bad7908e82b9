import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@/api/types';
import { api } from '@/lib/api-client';
import { signedIn } from '@/lib/auth';
import type { ResetPasswordRequest } from '../types';

/** Sets a new password with the e-mail's one-time link; the answer signs the user in, as login does. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordRequest) => api.post<AuthResponse>('/auth/reset-password', input),
    onSuccess: (answer) => signedIn(queryClient, answer),
  });
}
