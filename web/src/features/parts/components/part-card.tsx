import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/config';
import { catalogueState } from '../catalogue-link';
import type { Part } from '../types';
import { PartPicture } from '@/components/ui/part-picture';
import { CoreChargeNote } from './core-charge-note';
import { FitNote } from './part-fit-note';

type PartCardProps = {
  part: Part;
  details?: ReactNode;
  /**
   * How urgent its picture is: "first" for the picture a page opens on (fetched before the rest,
   * and most likely the page's largest paint), "eager" for others in the first row, "lazy" (the
   * default) for pictures that load when scrolled near.
   */
  picture?: 'first' | 'eager' | 'lazy';
  /** A second button beside Purchase (the cart's "Add to cart", which the page that lists the parts brings). */
  action?: ReactNode;
};

/**
 * One part on the home page or the catalogue (with a line of `details`): its name and picture lead
 * to its own page (telling it the catalogue page it came from), Purchase to its purchase page.
 */
export function PartCard({ part, details, picture = 'lazy', action }: PartCardProps) {
  const money = useMoney();
  const location = useLocation();
  const page = paths.part.getHref(part._id);
  const state = location.pathname === paths.parts.path ? catalogueState(location.search) : undefined;
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md">
      {/* The picture repeats the name's link: left out of the keyboard's stops. */}
      {/* Wider than tall on a phone, so a screen shows more than one card. */}
      <figure className="aspect-[16/9] bg-base-200 sm:aspect-[4/3]">
        <Link to={page} state={state} tabIndex={-1} className="block h-full w-full">
          <PartPicture
            src={part.img}
            alt={part.name}
            loading={picture === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={picture === 'first' ? 'high' : 'auto'}
            width={400}
            height={300}
            className="h-full w-full object-cover"
          />
        </Link>
      </figure>
      <div className="card-body gap-2 p-4 sm:gap-3 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="card-title text-lg leading-snug wrap-anywhere">
            <Link to={page} state={state} className="link-hover">
              {part.name}
            </Link>
          </h3>
          <span className="badge badge-lg badge-neutral shrink-0 font-semibold">{money(part.price)}</span>
        </div>
        <CoreChargeNote part={part} className="text-xs" />
        {details}
        <FitNote fitments={part.fitments} />
        <p className="line-clamp-2 text-sm text-base-content/80 sm:line-clamp-3">{part.description}</p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-box bg-base-200 px-3 py-2">
            <dt className="text-xs text-base-content/70">Minimum Order</dt>
            <dd className="font-semibold">{part.minimumOrder}</dd>
          </div>
          <div className="rounded-box bg-base-200 px-3 py-2">
            <dt className="text-xs text-base-content/70">Available Quantity</dt>
            <dd className="font-semibold">{part.availableQuantity}</dd>
          </div>
        </dl>
        <div className={`card-actions mt-auto ${action ? 'grid grid-cols-2 gap-2' : ''}`}>
          <Link
            to={paths.purchase.getHref(part._id)}
            className="btn btn-primary btn-block"
            aria-label={`Purchase ${part.name}`}
          >
            Purchase
          </Link>
          {action}
        </div>
      </div>
    </article>
  );
}
