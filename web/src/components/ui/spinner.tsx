/** The loading indicator shown while sign-in state or data loads. */
export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center py-12 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A spinner that fills the page, for route-level loading. */
export function PageSpinner() {
  return <Spinner className="min-h-[50vh]" />;
}
