import type { ReactNode } from 'react';

/** A dashboard page's title (My Orders, Add A Review, …) with optional intro. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children ? <p className="mt-1 text-base-content/75">{children}</p> : null}
    </header>
  );
}
