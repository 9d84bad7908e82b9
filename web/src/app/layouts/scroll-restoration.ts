import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** Where the positions are kept across a reload of the tab. */
const STORAGE_KEY = 'scroll-positions';

function readSaved(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Scrolls to the element the address's `#hash` names; false when there is none. */
function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView();
    return element !== null;
  } catch {
    return false;
  }
}

/**
 * The browser's scroll positions, as a shop's visitor expects them: Back and Forward (and a reload)
 * return to where the page was left, a link opens its page at the top, or at the element its `#hash`
 * names. `getKey` says which position a location has; the positions are saved as the page scrolls and
 * kept in the tab's session storage when the page is left.
 */
export function useScrollRestoration(getKey: (location: Location) => string): void {
  const location = useLocation();
  const action = useNavigationType();
  const saved = useRef<Record<string, number> | null>(null);
  const current = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      if (saved.current && current.current !== null) saved.current[current.current] = window.scrollY;
    };
    const onPageHide = () => {
      save();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved.current ?? {}));
      } catch {
        // Storage full or refused: the positions last only as long as the page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Once the page of a new location is on the screen, before it is painted.
  useLayoutEffect(() => {
    saved.current ??= readSaved();
    const key = getKey(location);
    current.current = key;
    const position = action === 'POP' ? saved.current[key] : undefined;
    if (typeof position === 'number') window.scrollTo(0, position);
    else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location, action, getKey]);
}
