import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertedId } from '@/api/types';
import { api } from '@/lib/api-client';
import type { ReviewInput } from '../types';
import { reviewKeys } from './keys';

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => api.post<InsertedId>('/review', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
