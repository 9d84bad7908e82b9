/** The shop's mark: an orange gear. */
export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#111827" />
      <path
        fill="#ea580c"
        d="M32 12l4.2 6.1 7.3-1.5 1.5 7.3L51.1 28 48 32l3.1 4-6.1 4.1-1.5 7.3-7.3-1.5L32 52l-4.2-6.1-7.3 1.5-1.5-7.3L12.9 36 16 32l-3.1-4 6.1-4.1 1.5-7.3 7.3 1.5z"
      />
      <circle cx="32" cy="32" r="8" fill="#111827" />
    </svg>
  );
}
