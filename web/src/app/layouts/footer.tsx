import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useShippingInfo } from '@/features/shipping/api/get-shipping-info';
import { addressLines } from '@/lib/address';
import { telHref } from '@/lib/phone';
import { DEFAULT_SHOP_NAME, useConfig } from '@/lib/config';

/** The shop's footer: what it is, where to go, how to reach it. */
export function Footer() {
  const config = useConfig();
  const shopName = config.data?.shopName ?? DEFAULT_SHOP_NAME;
  // Where the shop is: the trade counter the admin sets, as the home page and checkout show it.
  const counter = useShippingInfo().data?.counter;
  const place = counter ? addressLines(counter).filter((line) => line !== counter.country) : [];
  // The build renders the year it ran in; a page opened in a later year shows this one's.
  const year = new Date().getFullYear();

  return (
    <footer className="bg-neutral text-neutral-content print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <div className="flex items-center gap-2.5 text-lg font-extrabold text-white">
            <LogoMark />
            <span>{shopName}</span>
          </div>
          <p className="mt-4 max-w-md text-sm leading-relaxed text-neutral-content/80">
            Quality parts for workshops and drivers: filters, brakes, belts and electrics from trusted makers,
            checked, packed and shipped from our own warehouse.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">Shop</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="link-hover text-neutral-content/85" to={paths.home.getHref()}>
                Home
              </Link>
            </li>
            <li>
              <Link className="link-hover text-neutral-content/85" to={paths.blogs.getHref()}>
                Blogs
              </Link>
            </li>
            <li>
              <Link className="link-hover text-neutral-content/85" to={paths.about.getHref()}>
                My Portfolio
              </Link>
            </li>
            <li>
              <Link className="link-hover text-neutral-content/85" to={paths.dashboard.root.getHref()}>
                Dashboard
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">Visit us</h2>
          <address className="mt-3 min-h-[4.5rem] space-y-2 text-sm not-italic text-neutral-content/85" aria-busy={counter === undefined}>
            {counter ? (
              <>
                <p>{place.length > 0 ? place.join(', ') : counter.name}</p>
                {counter.hours ? <p>{counter.hours}</p> : null}
                {counter.phone ? (
                  <p>
                    <a className="link-hover" href={telHref(counter.phone)}>
                      {counter.phone}
                    </a>
                  </p>
                ) : null}
              </>
            ) : null}
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-neutral-content/75 sm:px-6" suppressHydrationWarning>
          © {year} {shopName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
