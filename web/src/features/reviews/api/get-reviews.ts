import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Review } from '../types';

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews'],
    queryFn: () => api.get<Review[]>('/review'),
  });

/** All reviews, newest first. */
export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
