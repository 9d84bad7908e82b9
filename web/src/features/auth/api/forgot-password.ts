import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ForgotPasswordRequest, MessageAnswer } from '../types';

/** Asks for a password-reset link; the shop answers the same sentence whether the address has an account or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) => api.post<MessageAnswer>('/auth/forgot-password', input),
  });
}
