/** A 1–5 star rating, read out as "Rated N out of 5". */
export function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className="inline-flex gap-0.5 text-amber-500">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" className="h-5 w-5" fill={i < value ? 'currentColor' : 'none'} stroke="currentColor" aria-hidden="true">
          <path
            strokeWidth="1.3"
            d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
          />
        </svg>
      ))}
    </span>
  );
}
