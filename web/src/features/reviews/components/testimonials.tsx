import { ErrorBox } from '@/components/ui/error-box';
import { Stars } from '@/components/ui/stars';
import { useReviews } from '../api/get-reviews';

/** The home page's Testimonial section: every review with its star rating. */
export function Testimonials() {
  const reviews = useReviews();
  return (
    <section aria-labelledby="testimonial-title">
      <div className="mb-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">What drivers say</p>
        <h2 id="testimonial-title" className="text-3xl font-bold">
          Testimonial
        </h2>
      </div>
      {reviews.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading reviews</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="card h-44 animate-pulse border border-base-300 bg-base-100 shadow-sm" aria-hidden="true">
              <div className="card-body gap-4">
                <div className="flex items-center gap-3">
                  <div className="h-14 w-14 rounded-full bg-base-200" />
                  <div className="h-10 w-32 rounded bg-base-200" />
                </div>
                <div className="h-12 rounded bg-base-200" />
              </div>
            </div>
          ))}
        </div>
      ) : null}
      {reviews.isError ? <ErrorBox error={reviews.error} onRetry={() => void reviews.refetch()} /> : null}
      {reviews.isSuccess && reviews.data.length === 0 ? (
        <p className="text-center text-base-content/75">No reviews yet. Be the first to share how your parts worked out.</p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {reviews.data?.map((review) => (
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
                  <div>
                    <figcaption className="font-semibold">{review.name}</figcaption>
                    <Stars rating={review.rating} />
                  </div>
                </div>
                <blockquote className="text-base-content/85">“{review.description}”</blockquote>
              </div>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
