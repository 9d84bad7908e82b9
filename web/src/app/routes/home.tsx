import { PageTitle } from '@/components/ui/page-title';
import { ContactForm } from '@/features/home/components/contact-form';
import { Hero } from '@/features/home/components/hero';
import { InfoCards } from '@/features/home/components/info-cards';
import { StatsBand } from '@/features/home/components/stats-band';
import { LatestParts } from '@/features/parts/components/latest-parts';
import { Testimonials } from '@/features/reviews/components/testimonials';
import { DEFAULT_SHOP_NAME, useConfig } from '@/lib/config';

/** Home, in this order: hero, info cards, stats band, the newest parts, testimonials, contact form. */
export default function HomeRoute() {
  const config = useConfig();
  return (
    <>
      <PageTitle />
      <Hero shopName={config.data?.shopName ?? DEFAULT_SHOP_NAME} />
      <InfoCards />
      <div className="mt-16">
        <StatsBand />
      </div>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <LatestParts />
      </div>
      <div className="bg-base-200">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <Testimonials />
        </div>
      </div>
      <ContactForm />
    </>
  );
}
