import type { ReactNode } from 'react';
import { lazy } from '@/lib/lazy';
import { WhenNear } from '@/components/ui/when-near';
import type { Part } from '../types';
import { PartCardsLoading } from './part-card-skeleton';

/** How many of the newest parts the home page shows. */
const HOME_PART_COUNT = 3;

// The cards, their code and the parts they show come when the section nears the screen: they are
// no part of the home page's first load.
const LatestPartCards = lazy(() => import('./latest-part-cards'));

/** "Available parts": the last three parts of the list, newest first. */
export function LatestParts({ cardAction }: { cardAction?: (part: Part) => ReactNode }) {
  return (
    <section id="available-parts" aria-labelledby="available-parts-title" className="scroll-mt-20">
      <div className="mb-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Fresh in the garage</p>
        <h2 id="available-parts-title" className="text-3xl font-bold">
          Available parts
        </h2>
      </div>
      <WhenNear placeholder={<PartCardsLoading count={HOME_PART_COUNT} />}>
        <LatestPartCards count={HOME_PART_COUNT} cardAction={cardAction} />
      </WhenNear>
    </section>
  );
}
