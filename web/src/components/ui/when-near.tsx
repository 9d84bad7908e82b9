import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far ahead of the screen a spot counts as near: one screen's height above and below. */
const AHEAD = '100% 0px';

/**
 * `children` drawn once the spot they take comes within a screen of the visible part of the page,
 * and `placeholder` until then and while their code comes: for a section far down a page whose code
 * (a lazy component) and data need not load unless the visitor scrolls towards it. The build's HTML
 * and the browser's first render both show the placeholder, so React takes the HTML over as it is.
 * Where the browser cannot tell (no IntersectionObserver) the children are drawn right away.
 */
export function WhenNear({ placeholder, children, className }: { placeholder: ReactNode; children: ReactNode; className?: string }) {
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = spot.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Drawn right after the first render, which matches the build's HTML.
      const timer = setTimeout(() => setNear(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: AHEAD });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={spot} className={className}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
