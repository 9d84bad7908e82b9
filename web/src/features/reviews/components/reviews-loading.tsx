/** Three review-sized stand-ins, read out as loading, so nothing below moves when the reviews come. */
export function ReviewsLoading() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading reviews</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="card h-44 animate-pulse border border-base-300 bg-base-100 shadow-sm" aria-hidden="true">
          <div className="card-body gap-4">
            <div className="flex items-center gap-3">
              <div className="h-14 w-14 rounded-full bg-base-200" />
              <div className="h-10 w-32 rounded bg-base-200" />
            </div>
            <div className="h-12 rounded bg-base-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
