import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** Where the positions are kept across a reload of the tab. */
const STORAGE_KEY = 'scroll-positions';

function readSaved(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

// The positions of this tab's pages, by key, and the key of the page on the screen: kept for the app's
// life, so a page outside the shop's frame (not found, the error page) loses none of them.
let saved: Record<string, number> | null = null;
let current: string | null = null;

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

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      if (saved && current !== null) saved[current] = window.scrollY;
    };
    const onPageHide = () => {
      save();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved ?? {}));
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
    saved ??= readSaved();
    const key = getKey(location);
    current = key;
    const position = action === 'POP' ? saved[key] : undefined;
    if (typeof position === 'number') window.scrollTo(0, position);
    else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location, action, getKey]);
}
