import { use, useSyncExternalStore, type ComponentType, type ReactElement, type ReactPromise } from 'react';
import { useLocation } from 'react-router';
import { withWholeStylesheet } from '@/lib/lazy';

type PageModule = { default: ComponentType };

/**
 * A page whose code is its own chunk: the element the route renders, and `fetch`, which asks for the
 * chunk on behalf of the history entry `at` (none: ahead of the first render) and answers a promise
 * that says how it ended, as React's `use` reads it.
 */
export type LazyPage = { element: ReactElement; fetch: (at?: string) => ReactPromise<ComponentType> };

// How many pages' chunks are on their way, for the bar at the top of the window.
let loading = 0;
const listeners = new Set<() => void>();
// A chunk is asked for while React renders: the bar is told in a microtask, not in that render.
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

/** `promise`, marked as React's `use` reads it: settled, it is read at once, without suspending. */
export function tracked<T>(promise: Promise<T>): ReactPromise<T> {
  promise.then(
    (value) => {
      Object.assign(promise, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(promise, { status: 'rejected', reason });
    },
  );
  return Object.assign(promise, { status: 'pending' as const });
}

/**
 * A page fetched when its route is first shown, or ahead (`loadRoutesFor`, before a prerendered page
 * is hydrated, and the router's wait for every chunk a route needs, `routeCode`). A chunk that fails
 * stays failed for the history entry that asked for it, whose page shows the error page; another
 * entry (the next visit) asks again. `firstLoad`: the home page, which does not wait for the whole
 * stylesheet.
 */
export function lazyPage(load: () => Promise<PageModule>, { firstLoad = false }: { firstLoad?: boolean } = {}): LazyPage {
  let pending: ReactPromise<ComponentType> | undefined;
  let askedAt: string | undefined;
  const fetch = (at?: string): ReactPromise<ComponentType> => {
    if (pending && !(pending.status === 'rejected' && askedAt !== at)) return pending;
    askedAt = at;
    loading += 1;
    changed();
    // The page shows once the whole stylesheet applies too (src/lib/lazy.ts), but for the first
    // page, whose classes are all in the stylesheet it starts with (src/first-load.css).
    const promise = (firstLoad ? load() : withWholeStylesheet(load())).then((module) => module.default);
    void promise
      .catch(() => {})
      .finally(() => {
        loading -= 1;
        changed();
      });
    pending = tracked(promise);
    return pending;
  };
  function Page() {
    const Component = use(fetch(useLocation().key));
    // eslint-disable-next-line react-hooks/static-components -- one component per page, the same every render once fetched
    return <Component />;
  }
  return { element: <Page />, fetch };
}
