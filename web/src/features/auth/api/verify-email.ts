import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markEmailVerified } from '@/lib/auth';
import type { MessageAnswer, VerifiedEmail, VerifyEmailRequest } from '../types';

/** Verifies the address with the e-mail's link; a signed-in user of that address loses the banner at once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyEmailRequest) => api.post<VerifiedEmail>('/auth/verify-email', input),
    onSuccess: (answer) => markEmailVerified(queryClient, answer.email),
  });
}

/** Sends the signed-in user a new verification link (409 when the address is verified already). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<MessageAnswer>('/auth/verify-email/resend', {}),
  });
}
