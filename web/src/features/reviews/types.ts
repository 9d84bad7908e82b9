import type { Review as ApiReview, ReviewRequest } from '@/api/types';

/** A customer review, shown in the home page's Testimonial section. */
export type Review = ApiReview;

export type ReviewInput = ReviewRequest;
