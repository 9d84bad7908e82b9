import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleSignIn } from '@/api/types';
import { api } from '@/lib/api-client';
import { signedIn } from '@/lib/auth';

/**
 * Collects the token of a Google sign-in that the server finished, with the one-time code it put in
 * the address (the token itself never appears in a URL). The answer is the session, and the path
 * inside the shop to open next.
 */
export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<GoogleSignIn>('/auth/google/exchange', { code }),
    onSuccess: (answer) => signedIn(queryClient, answer),
  });
}
