import { Suspense } from 'react';
import { lazy } from '@/lib/lazy';
import { PageTitle } from '@/components/ui/page-title';
import { ContactForm } from '@/features/home/components/contact-form';
import { Hero } from '@/features/home/components/hero';
import { InfoCards } from '@/features/home/components/info-cards';
import { StatsBand } from '@/features/home/components/stats-band';
import { LatestParts } from '@/features/parts/components/latest-parts';
import type { Part } from '@/features/parts/types';
import { Testimonials } from '@/features/reviews/components/testimonials';
import { useReturnPolicy } from '@/features/returns/api/get-return-policy';
import { returnPromise } from '@/features/returns/return-promise';
import { useShippingInfo } from '@/features/shipping/api/get-shipping-info';
import { TradeCounter } from '@/features/shipping/components/trade-counter';
import { DEFAULT_SHOP_NAME, useConfig, useMoney } from '@/lib/config';
import { useHydrated } from '@/lib/use-hydrated';

// The hero's vehicle picker (with the list of makes and models it asks for) comes after the page
// shows: it is no part of the home page's first load, nor of the build's HTML.
const VehicleFinder = lazy(async () => ({ default: (await import('@/features/parts/components/vehicle-finder')).VehicleFinder }));

/** Stands in for the picker while it loads, at about its height, so nothing below moves. */
const finderPlaceholder = <div className="h-56 animate-pulse rounded-box bg-base-200" role="status" aria-label="Loading the vehicle picker" />;

function HeroVehicle() {
  const hydrated = useHydrated();
  if (!hydrated) return finderPlaceholder;
  return (
    <Suspense fallback={finderPlaceholder}>
      <VehicleFinder />
    </Suspense>
  );
}

// The cards' cart buttons come with the cards, when their section nears the screen (latest-parts.tsx).
const AddToCartButton = lazy(async () => ({ default: (await import('@/features/cart/components/add-to-cart-button')).AddToCartButton }));

/** Each part card's second button: the part's minimum order into the cart. */
const addToCart = (part: Part) => <AddToCartButton part={part} namePart className="btn btn-outline btn-primary btn-block" />;

/**
 * Home, in this order: hero, info cards, stats band, the newest parts, the trade counter,
 * testimonials, contact form.
 */
export default function HomeRoute() {
  const config = useConfig();
  const shipping = useShippingInfo();
  const policy = useReturnPolicy();
  const money = useMoney();
  return (
    <>
      <PageTitle />
      <Hero shopName={config.data?.shopName ?? DEFAULT_SHOP_NAME} vehicle={<HeroVehicle />} returns={returnPromise(policy.data, money)} />
      <InfoCards counter={shipping.isError ? null : shipping.data?.counter} />
      <div className="mt-16">
        <StatsBand />
      </div>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <LatestParts cardAction={addToCart} />
        <div className="mt-16">
          <TradeCounter />
        </div>
      </div>
      <div className="bg-base-200">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <Testimonials />
        </div>
      </div>
      <ContactForm phone={shipping.data?.counter.phone} />
    </>
  );
}
