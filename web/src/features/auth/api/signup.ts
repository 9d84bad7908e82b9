import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, SignupRequest } from '@/api/types';
import { api } from '@/lib/api-client';
import { signedIn } from '@/lib/auth';

/** A new account; the answer starts its session, as login does. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupRequest) => api.post<AuthResponse>('/auth/signup', input),
    onSuccess: (answer) => signedIn(queryClient, answer),
  });
}
