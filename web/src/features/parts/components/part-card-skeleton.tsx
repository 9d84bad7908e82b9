// Apart from the card itself, so a page can show the stand-ins before the cards' code has come.

/** A grey stand-in of a part card's size, shown while the parts load, so nothing below moves when they arrive. */
export function PartCardSkeleton() {
  return (
    <div className="card h-full animate-pulse border border-base-300 bg-base-100 shadow-sm" aria-hidden="true">
      <div className="aspect-[16/9] bg-base-200 sm:aspect-[4/3]" />
      <div className="card-body gap-2 p-4 sm:gap-3 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="h-7 w-2/3 rounded bg-base-200" />
          <div className="h-7 w-16 rounded-full bg-base-200" />
        </div>
        <div className="h-10 rounded bg-base-200 sm:h-[3.75rem]" />
        <div className="grid grid-cols-2 gap-2">
          <div className="h-14 rounded-box bg-base-200" />
          <div className="h-14 rounded-box bg-base-200" />
        </div>
        <div className="mt-auto h-10 rounded-field bg-base-200" />
      </div>
    </div>
  );
}

/** `count` stand-ins in the home page's grid of cards, read out as loading. */
export function PartCardsLoading({ count }: { count: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading parts</span>
      {Array.from({ length: count }, (_, i) => (
        <PartCardSkeleton key={i} />
      ))}
    </div>
  );
}
