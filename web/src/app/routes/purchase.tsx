import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { Link, useParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { PageSpinner } from '@/components/ui/spinner';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { AddressChooser } from '@/features/addresses/components/address-chooser';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePart } from '@/features/parts/api/get-part';
import { PartDetails } from '@/features/parts/components/part-details';
import { PartFitNote } from '@/features/parts/components/part-fit-note';
import { clampQuantity, initialQuantity } from '@/features/parts/quantity';
import { CounterAddress } from '@/features/shipping/components/counter-address';
import type { Part } from '@/features/parts/types';
import { ApiError } from '@/lib/api-client';
import { useSignedInUser } from '@/lib/auth';

// The order form (with react-hook-form and zod) is fetched when the buyer heads for Purchase,
// not with the page, which then shows and answers sooner.
const loadConfirmOrderModal = () => import('@/features/cart/components/confirm-order-modal');
const ConfirmOrderModal = lazy(async () => ({ default: (await loadConfirmOrderModal()).ConfirmOrderModal }));
const preloadConfirmOrderModal = () => void loadConfirmOrderModal();

/**
 * /purchase/:id: one part, the buyer's quantity (docs/decisions.md, D1), and either Purchase, whose
 * Confirm Order modal is the checkout for this part alone (delivery, address, shipping, tax and total
 * before the order is placed; D34), or Add to cart (to order it with others).
 */
export default function PurchaseRoute() {
  const { id = '' } = useParams();
  const part = usePart(id);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-6 text-sm">
        <ul>
          <li>
            <Link to={paths.home.getHref()}>Home</Link>
          </li>
          <li>
            <Link to={`${paths.home.getHref()}#available-parts`}>Available parts</Link>
          </li>
          <li aria-current="page">{part.data?.name ?? 'Part'}</li>
        </ul>
      </nav>
      {part.isPending ? <PageSpinner /> : null}
      {part.isError ? <PartError error={part.error} onRetry={() => void part.refetch()} /> : null}
      {/* A new part starts a fresh quantity at its own minimum order. */}
      {part.data ? <Purchase key={part.data._id} part={part.data} /> : null}
    </div>
  );
}

function Purchase({ part }: { part: Part }) {
  const user = useSignedInUser();
  const [chosen, setChosen] = useState(() => initialQuantity(part));
  const [confirming, setConfirming] = useState(false);
  // Stock may change after an order; the quantity always stays inside the current limits.
  const quantity = clampQuantity(chosen, part);

  return (
    <>
      <PageTitle title={part.name} />
      <div onPointerEnter={preloadConfirmOrderModal} onTouchStart={preloadConfirmOrderModal}>
        <PartDetails
          part={part}
          quantity={quantity}
          onQuantityChange={setChosen}
          onPurchase={() => setConfirming(true)}
          addToCart={<AddToCartButton part={part} quantity={quantity} className="btn btn-outline btn-primary btn-wide" />}
        />
      </div>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmOrderModal
            open
            draft={{ partId: part._id, partName: part.name, quantity }}
            buyer={{ name: user.name, email: user.email }}
            onClose={() => setConfirming(false)}
            renderAddressChooser={(choice) => <AddressChooser {...choice} />}
            renderPickupDetails={(description) => <CounterAddress fallback={description} />}
            renderLineNote={(partId) => <PartFitNote partId={partId} />}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function PartError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <h1 className="text-2xl font-bold">This part is no longer available</h1>
        <p className="mt-2 text-base-content/75">It may have been sold out and removed. Have a look at what is in stock.</p>
        <Link to={paths.home.getHref()} className="btn btn-primary mt-6">
          Browse parts
        </Link>
      </div>
    );
  }
  return <ErrorBox error={error} onRetry={onRetry} />;
}
