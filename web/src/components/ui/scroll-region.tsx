import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** Whether the element's content is wider than the element itself, kept up to date as either resizes. */
function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A box that scrolls sideways when its content is wider than the screen (a table on a phone): a named
 * region which, while it scrolls, keyboard users can reach with Tab and scroll with the arrow keys.
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(ref);
  return (
    // Focusable only while there is something to scroll, so wide screens keep one Tab stop fewer.
    <div ref={ref} role="region" aria-label={label} tabIndex={overflows ? 0 : undefined} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
