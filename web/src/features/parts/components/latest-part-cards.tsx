import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { useLatestParts } from '../api/get-latest-parts';
import type { Part } from '../types';
import { PartCard } from './part-card';
import { PartCardsLoading } from './part-card-skeleton';

/** The `count` newest parts as cards, newest first (the home page's Available parts, latest-parts.tsx). */
export default function LatestPartCards({ count, cardAction }: { count: number; cardAction?: ((part: Part) => ReactNode) | undefined }) {
  const parts = useLatestParts(count);
  const latest = parts.data ?? [];
  return (
    <>
      {parts.isPending ? <PartCardsLoading count={count} /> : null}
      {parts.isError ? <ErrorBox error={parts.error} onRetry={() => void parts.refetch()} /> : null}
      {parts.isSuccess && latest.length === 0 ? (
        <p className="text-center text-base-content/75">No parts are listed yet. Please check back soon.</p>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {latest.map((part) => (
          <PartCard key={part._id} part={part} action={cardAction?.(part)} />
        ))}
      </div>
    </>
  );
}
