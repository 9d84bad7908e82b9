import { Component, use, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteError } from './layouts/route-error';
import { routeCode, routes as shopRoutes } from './router';

type BoundaryProps = { children: ReactNode; at: string };

/**
 * The error page in place of the whole app when a page crashes or its code cannot be fetched (after
 * the shop was updated, say); the next history entry tries again. React logs the error.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; at: string | null }> {
  state = { error: undefined as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; at: string | null }) {
    if (state.at === null) return { at: props.at };
    if (state.at !== props.at) return { error: undefined, at: props.at };
    return null;
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** The entry's pages, once every chunk they need is here (until then the router keeps the page shown). */
function Pages({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  use(routeCode(routes, location));
  return useRoutes(routes);
}

/**
 * The shop's pages (`routes`, the shop's own unless given), under whichever router holds the address
 * (the browser's, or the build's). No Suspense boundary: every move is a transition, so while the
 * next page's code is on its way React keeps the page on the screen; and a prerendered page is
 * hydrated in one pass, before any of its data can arrive and make it differ from the build's HTML (a
 * boundary would be hydrated after the rest).
 */
export function ShopRoutes({ routes = shopRoutes }: { routes?: RouteObject[] }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary at={key}>
      <Pages routes={routes} />
    </RouteErrorBoundary>
  );
}
