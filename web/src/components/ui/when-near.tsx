import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { ErrorBox } from './error-box';

/** How far ahead of the screen a spot counts as near: one screen's height above and below. */
const AHEAD = '100% 0px';

/**
 * A section's content that could not come (offline, or a newer version of the shop replaced its
 * code), said in its place rather than over the whole page; trying again reloads the page.
 */
class SectionBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <ErrorBox error={this.state.error} onRetry={() => window.location.reload()} />;
  }
}

/**
 * `children` (a lazy component, whose code and data need not load unless the visitor scrolls towards
 * it) drawn once the spot they take comes within a screen of the visible part of the page, and
 * `placeholder` until then and while their code comes. Only where React takes over the build's HTML:
 * the build's renderer and that first render show the placeholder, so the HTML is taken over as it
 * is. Drawn later (the visitor comes back to the page, say) they are drawn at once, so the page has
 * its full height for the scroll position it is brought back to. Where the browser cannot tell (no
 * IntersectionObserver) they are drawn right away.
 */
export function WhenNear({ placeholder, children, className }: { placeholder: ReactNode; children: ReactNode; className?: string }) {
  const hydrated = useHydrated();
  // What the first render saw: later renders of a spot drawn while the HTML was taken over see true.
  const [near, setNear] = useState(hydrated);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = spot.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
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
      {near ? (
        <SectionBoundary>
          <Suspense fallback={placeholder}>{children}</Suspense>
        </SectionBoundary>
      ) : (
        placeholder
      )}
    </div>
  );
}
