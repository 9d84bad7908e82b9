import { PageTitle } from '@/components/ui/page-title';
import { PartsCatalogue } from '@/features/parts/components/parts-catalogue';

/** /parts: the whole catalogue, to search and filter by category and vehicle. */
export default function PartsRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title="Parts" />
      <header className="mb-8">
        <h1 className="text-3xl font-bold">Find parts</h1>
        <p className="mt-1 text-base-content/75">Search by name or part number, or pick your vehicle to see what fits it.</p>
      </header>
      <PartsCatalogue />
    </div>
  );
}
