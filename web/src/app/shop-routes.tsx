import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { RouteError } from './layouts/route-error';
import { fetchRoutesFor, routes } from './router';

type BoundaryProps = { children: ReactNode; at: string };

/**
 * The error page in place of the whole app when a page crashes or its code cannot be fetched (after
 * the shop was updated, say); a visit to another address tries again.
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

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed:', error, info.componentStack);
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * The shop's pages, under whichever router holds the address (the browser's, or the build's). No
 * Suspense boundary: every move is a transition, so while a page's code is on its way React keeps the
 * page on the screen; and a prerendered page is hydrated in one pass, before any of its data can
 * arrive and make it differ from the build's HTML (a boundary would be hydrated after the rest).
 */
export function ShopRoutes() {
  const location = useLocation();
  // Idempotent: each chunk is fetched once (again only after it failed for another history entry).
  fetchRoutesFor(location);
  const page = useRoutes(routes);
  return (
    <RouteErrorBoundary at={location.pathname + location.search}>{page}</RouteErrorBoundary>
  );
}
