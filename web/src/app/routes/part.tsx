import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePart } from '@/features/parts/api/get-part';
import { catalogueFrom } from '@/features/parts/catalogue-link';
import { PartDetails } from '@/features/parts/components/part-details';
import { clampQuantity, initialQuantity } from '@/features/parts/quantity';
import type { Part } from '@/features/parts/types';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { DEFAULT_SHOP_NAME, useConfig } from '@/lib/config';
import { loginFor } from '../return-path';

/** Why a visitor who presses Buy is asked to sign in, said on the login and sign-up pages. */
const buyPurpose = (part: Pick<Part, 'name'>) => `to buy ${part.name}`;

/**
 * /parts/:id: a part's own page, open to everyone: picture, price, stock, minimum order, fitment,
 * part and OEM numbers, description. Add to cart works signed out (the cart is kept in the
 * browser); Buy now goes to the part's purchase page, asking a visitor to sign in first and
 * saying why. The breadcrumb leads back to the catalogue page the buyer came from.
 */
export default function PartRoute() {
  const { id = '' } = useParams();
  const part = usePart(id);
  const catalogue = paths.parts.getHref(catalogueFrom(useLocation().state));
  const shop = useConfig().data?.shopName ?? DEFAULT_SHOP_NAME;
  const title = part.data ? `${part.data.name} – ${shop}` : part.isError ? `Part not found – ${shop}` : null;

  // The title the shop gave the page, as search engines read it.
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-6 text-sm">
        <ul className="flex-wrap whitespace-normal">
          <li>
            <Link to={paths.home.getHref()}>Home</Link>
          </li>
          <li>
            <Link to={catalogue}>Parts</Link>
          </li>
          <li aria-current="page" className="wrap-anywhere">
            {part.data?.name ?? 'Part'}
          </li>
        </ul>
      </nav>
      {part.isPending ? <PageSpinner /> : null}
      {part.isError ? <PartError error={part.error} catalogue={catalogue} onRetry={() => void part.refetch()} /> : null}
      {/* A new part starts a fresh quantity at its own minimum order. */}
      {part.data ? <PublicPart key={part.data._id} part={part.data} /> : null}
    </div>
  );
}

function PublicPart({ part }: { part: Part }) {
  const user = useUser();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(() => initialQuantity(part));
  // Stock may change meanwhile; the quantity always stays inside the current limits.
  const quantity = clampQuantity(chosen, part);

  const buy = () => {
    const purchase = paths.purchase.getHref(part._id);
    // A visitor signs in (or up) first, told why, and comes back to the purchase.
    if (user.data === null) void navigate(paths.login.getHref(), { state: loginFor(purchase, buyPurpose(part)) });
    else void navigate(purchase);
  };

  return (
    <PartDetails
      part={part}
      quantity={quantity}
      onQuantityChange={setChosen}
      onPurchase={buy}
      purchaseLabel="Buy now"
      addToCart={<AddToCartButton part={part} quantity={quantity} className="btn btn-outline btn-primary btn-wide" />}
    />
  );
}

function PartError({ error, catalogue, onRetry }: { error: unknown; catalogue: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <h1 className="text-2xl font-bold">Part not found</h1>
        <p className="mt-2 text-base-content/75">There is no such part in the catalogue. It may have been removed, or the link may be mistyped.</p>
        <Link to={catalogue} className="btn btn-primary mt-6">
          Back to the catalogue
        </Link>
      </div>
    );
  }
  return <ErrorBox error={error} onRetry={onRetry} />;
}
