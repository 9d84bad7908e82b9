import { lazy } from '@/lib/lazy';
import { WhenNear } from '@/components/ui/when-near';
import { ReviewsLoading } from './reviews-loading';

// The reviews, their code and their pictures come when the section nears the screen: they are no
// part of the home page's first load.
const ReviewList = lazy(() => import('./review-list'));

/**
 * The home page's Testimonial section: the newest reviews with their star ratings, a page at a
 * time (More reviews asks for the next page), verified buyers marked.
 */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonial-title">
      <div className="mb-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">What drivers say</p>
        <h2 id="testimonial-title" className="text-3xl font-bold">
          Testimonials
        </h2>
      </div>
      <WhenNear placeholder={<ReviewsLoading />}>
        <ReviewList />
      </WhenNear>
    </section>
  );
}
