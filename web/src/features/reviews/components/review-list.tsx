import { ErrorBox } from '@/components/ui/error-box';
import { Stars } from '@/components/ui/stars';
import { useReviews } from '../api/get-reviews';
import { ReviewsLoading } from './reviews-loading';
import type { Review } from '../types';

/** The pages loaded so far as one list (a review that moved to the next page is shown once). */
function loadedReviews(pages: { items: Review[] }[] | undefined): Review[] {
  const byId = new Map<string, Review>();
  for (const review of (pages ?? []).flatMap((page) => page.items)) {
    if (!byId.has(review._id)) byId.set(review._id, review);
  }
  return [...byId.values()];
}

/** The mark on a review whose author has a paid order with the shop. */
function VerifiedBuyer() {
  return (
    <span className="badge badge-success badge-sm gap-1 whitespace-nowrap font-semibold">
      <svg viewBox="0 0 20 20" className="h-3 w-3" fill="currentColor" aria-hidden="true">
        <path d="M7.6 14.2 3.4 10l1.4-1.4 2.8 2.8 7.6-7.6L16.6 5z" />
      </svg>
      Verified buyer
    </span>
  );
}

/** The Testimonial section's reviews (testimonials.tsx): a page at a time, More reviews asks for the next. */
export default function ReviewList() {
  const reviews = useReviews();
  const shown = loadedReviews(reviews.data?.pages);
  return (
    <>
      {reviews.isPending ? <ReviewsLoading /> : null}
      {reviews.isError && !reviews.isFetchNextPageError ? <ErrorBox error={reviews.error} onRetry={() => void reviews.refetch()} /> : null}
      {reviews.isSuccess && shown.length === 0 ? (
        <p className="text-center text-base-content/75">No reviews yet. Be the first to share how your parts worked out.</p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {shown.map((review) => (
          <li key={review._id}>
            <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-4">
                <div className="flex items-center gap-3">
                  <img
                    src={review.img}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="h-14 w-14 rounded-full object-cover ring-2 ring-primary/30"
                  />
                  <div className="min-w-0">
                    <figcaption className="font-semibold break-words">{review.name}</figcaption>
                    <Stars rating={review.rating} />
                    {review.verifiedBuyer === true ? (
                      <div className="mt-1">
                        <VerifiedBuyer />
                      </div>
                    ) : null}
                  </div>
                </div>
                <blockquote className="text-base-content/85">“{review.description}”</blockquote>
              </div>
            </figure>
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <div className="mt-8 text-center">
          <button
            type="button"
            className="btn btn-outline"
            disabled={reviews.isFetchingNextPage}
            aria-busy={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          >
            {reviews.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            More reviews
          </button>
        </div>
      ) : null}
      {reviews.isFetchNextPageError ? (
        <p role="alert" className="mt-4 text-center text-sm font-medium text-error">
          More reviews could not be loaded. Please try again.
        </p>
      ) : null}
    </>
  );
}
