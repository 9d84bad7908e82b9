import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@/api/types';
import { api } from '@/lib/api-client';
import { signedIn } from '@/lib/auth';

/** E-mail and password login; the answer starts the session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) => api.post<AuthResponse>('/auth/login', input),
    onSuccess: (answer) => signedIn(queryClient, answer),
  });
}
