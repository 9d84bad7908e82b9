import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Review } from '../types';
import { reviewKeys } from './keys';

/** Reviews per page on the home page. */
export const REVIEWS_PAGE_SIZE = 6;

/** The path of one page of reviews, newest first. */
export function reviewsPath(limit: number, offset: number): string {
  return offset > 0 ? `/review?limit=${limit}&offset=${offset}` : `/review?limit=${limit}`;
}

/** Reviews, newest first, a page at a time: the next page's offset until the total is shown. */
export const reviewsQueryOptions = (pageSize = REVIEWS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(pageSize),
    queryFn: ({ pageParam }) => api.getPage<Review>(reviewsPath(pageSize, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      return last.items.length > 0 && shown < last.total ? shown : undefined;
    },
  });

/** The newest reviews, and more on demand (`fetchNextPage`). */
export function useReviews(pageSize = REVIEWS_PAGE_SIZE) {
  return useInfiniteQuery(reviewsQueryOptions(pageSize));
}
