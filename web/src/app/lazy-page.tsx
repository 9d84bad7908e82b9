import { use, useSyncExternalStore, type ComponentType, type ReactElement, type ReactPromise } from 'react';
import { useLocation } from 'react-router';

type PageModule = { default: ComponentType };

/** A page whose code is its own chunk: the element the route renders, and a way to fetch it ahead. */
export type LazyPage = { element: ReactElement; preload: (at?: string) => Promise<void> };

// How many pages' chunks are on their way, for the bar at the top of the window.
let loading = 0;
const listeners = new Set<() => void>();
// Told after the render that asked for a chunk, never during it.
const changed = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a page's code is being fetched: the router keeps the page the visitor is on until it is here. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}

/**
 * A page fetched when its route is first shown (or ahead, with `preload`, for the history entry `at`). Until its chunk is here the
 * page suspends: on a link the router's transition keeps the page the visitor is on and the bar shows;
 * a prerendered page is preloaded before React takes it over (`loadRoutesFor`), so it never suspends.
 * A chunk that fails to load throws to the app's error page; the next visit (another history entry)
 * asks for it again.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  // The chunk's promise says how it ended, as React's `use` reads it: a settled one is read at once.
  let pending: ReactPromise<ComponentType> | undefined;
  // The history entry that asked for the chunk (none when preloaded): a failure is final for it alone.
  let askedAt: string | undefined;
  const fetchPage = (at?: string): ReactPromise<ComponentType> => {
    if (pending && !(pending.status === 'rejected' && askedAt !== at)) return pending;
    askedAt = at;
    loading += 1;
    changed();
    const promise = load().then((module) => module.default);
    promise
      .then(
        (value) => {
          Object.assign(promise, { status: 'fulfilled', value });
        },
        (reason: unknown) => {
          Object.assign(promise, { status: 'rejected', reason });
        },
      )
      .finally(() => {
        loading -= 1;
        changed();
      });
    pending = Object.assign(promise, { status: 'pending' as const });
    return pending;
  };
  function Page() {
    const Component = use(fetchPage(useLocation().key));
    // eslint-disable-next-line react-hooks/static-components -- one component per page, the same every render once fetched
    return <Component />;
  }
  return { element: <Page />, preload: async (at) => void (await fetchPage(at)) };
}
