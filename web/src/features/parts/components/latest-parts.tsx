import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { useLatestParts } from '../api/get-latest-parts';
import type { Part } from '../types';
import { PartCard, PartCardSkeleton } from './part-card';

/** How many of the newest parts the home page shows. */
const HOME_PART_COUNT = 3;

/** "Available parts": the last three parts of the list, newest first. */
export function LatestParts({ cardAction }: { cardAction?: (part: Part) => ReactNode }) {
  const parts = useLatestParts(HOME_PART_COUNT);
  const latest = parts.data ?? [];

  return (
    <section id="available-parts" aria-labelledby="available-parts-title" className="scroll-mt-20">
      <div className="mb-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Fresh in the garage</p>
        <h2 id="available-parts-title" className="text-3xl font-bold">
          Available parts
        </h2>
      </div>
      {parts.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading parts</span>
          {Array.from({ length: HOME_PART_COUNT }, (_, i) => (
            <PartCardSkeleton key={i} />
          ))}
        </div>
      ) : null}
      {parts.isError ? <ErrorBox error={parts.error} onRetry={() => void parts.refetch()} /> : null}
      {parts.isSuccess && latest.length === 0 ? (
        <p className="text-center text-base-content/75">No parts are listed yet. Please check back soon.</p>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {latest.map((part) => (
          <PartCard key={part._id} part={part} action={cardAction?.(part)} />
        ))}
      </div>
    </section>
  );
}
