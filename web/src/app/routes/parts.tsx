import { PageTitle } from '@/components/ui/page-title';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { PartsCatalogue } from '@/features/parts/components/parts-catalogue';
import type { Part } from '@/features/parts/types';
import { VinLookup } from '@/features/vehicles/components/vin-lookup';
import type { Vehicle } from '@/lib/vehicle';

/** Each part card's second button: the part's minimum order into the cart. */
const addToCart = (part: Part) => <AddToCartButton part={part} namePart className="btn btn-outline btn-primary btn-block" />;

/** The VIN box among the filters, where the decoded vehicle's heading follows the page's h1. */
const VinFinder = ({ onUse }: { onUse: (vehicle: Vehicle) => void }) => <VinLookup onUse={onUse} headingLevel={2} />;

/** /parts: the whole catalogue, to search and filter by category and vehicle (chosen, or found by its VIN). */
export default function PartsRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title="Parts" />
      <header className="mb-8">
        <h1 className="text-3xl font-bold">Find parts</h1>
        <p className="mt-1 text-base-content/75">Search by name or part number, or pick your vehicle (or enter its VIN) to see what fits it.</p>
      </header>
      <PartsCatalogue cardAction={addToCart} vehicleFinder={VinFinder} />
    </div>
  );
}
