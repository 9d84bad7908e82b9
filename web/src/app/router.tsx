import type { ReactPromise } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { lazyPage, tracked, type LazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';

/** A route's page, its own chunk fetched when the route is first visited (or ahead: `loadRoutesFor`). */
export function page(...args: Parameters<typeof lazyPage>): Pick<RouteObject, 'element' | 'handle'> {
  const lazy = lazyPage(...args);
  return { element: lazy.element, handle: { page: lazy } };
}

/** The signed-in pages' guards (guards.tsx): a chunk of their own, fetched with the first such page. */
const guard = (name: 'RequireAuth' | 'RequireBuyer' | 'RequireAdmin') => page(async () => ({ default: (await import('./guards'))[name] }));

const d = paths.dashboard;

/** Every route of the app; the browser's router and the build's prerendering both start from it. */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    children: [
      // The first page: its classes are all in the stylesheet it starts with (src/first-load.css).
      { index: true, ...page(() => import('./routes/home'), { firstLoad: true }) },
      { path: paths.parts.path, ...page(() => import('./routes/parts')) },
      { path: paths.part.path, ...page(() => import('./routes/part')) },
      { path: paths.cart.path, ...page(() => import('./routes/cart')) },
      { path: paths.about.path, ...page(() => import('./routes/about')) },
      { path: paths.blogs.path, ...page(() => import('./routes/blogs')) },
      { path: paths.login.path, ...page(() => import('./routes/auth/login')) },
      { path: paths.googleSignIn.path, ...page(() => import('./routes/auth/google-sign-in')) },
      { path: paths.signup.path, ...page(() => import('./routes/auth/signup')) },
      { path: paths.forgotPassword.path, ...page(() => import('./routes/auth/forgot-password')) },
      { path: paths.resetPassword.path, ...page(() => import('./routes/auth/reset-password')) },
      { path: paths.verifyEmail.path, ...page(() => import('./routes/auth/verify-email')) },
      {
        ...guard('RequireAuth'),
        children: [
          { path: paths.purchase.path, ...page(() => import('./routes/purchase')) },
          {
            ...guard('RequireBuyer'),
            children: [{ path: paths.checkout.path, ...page(() => import('./routes/checkout')) }],
          },
          {
            path: d.root.path,
            ...page(() => import('./layouts/dashboard-layout')),
            children: [
              { index: true, ...page(() => import('./routes/dashboard/dashboard-home')) },
              { path: d.profile.path, ...page(() => import('./routes/dashboard/my-profile')) },
              // One's own orders, to pay for or cancel: an admin's too (docs/decisions.md, D30).
              { path: d.orders.path, ...page(() => import('./routes/dashboard/my-orders')) },
              { path: d.order.path, ...page(() => import('./routes/dashboard/order')) },
              { path: d.payment.path, ...page(() => import('./routes/dashboard/payment')) },
              // One's own returns, as one's own orders: an admin's too.
              { path: d.returns.path, ...page(() => import('./routes/dashboard/my-returns')) },
              { path: d.newReturn.path, ...page(() => import('./routes/dashboard/new-return')) },
              { path: d.return.path, ...page(() => import('./routes/dashboard/return')) },
              {
                ...guard('RequireBuyer'),
                children: [{ path: d.review.path, ...page(() => import('./routes/dashboard/add-review')) }],
              },
              {
                ...guard('RequireAdmin'),
                children: [
                  { path: d.users.path, ...page(() => import('./routes/dashboard/all-users')) },
                  { path: d.addPart.path, ...page(() => import('./routes/dashboard/add-part')) },
                  { path: d.manageParts.path, ...page(() => import('./routes/dashboard/manage-parts')) },
                  { path: d.manageOrders.path, ...page(() => import('./routes/dashboard/manage-orders')) },
                  { path: d.manageOrder.path, ...page(() => import('./routes/dashboard/manage-order')) },
                  { path: d.manageReturns.path, ...page(() => import('./routes/dashboard/manage-returns')) },
                  { path: d.manageReturn.path, ...page(() => import('./routes/dashboard/manage-return')) },
                  { path: d.shipping.path, ...page(() => import('./routes/dashboard/shipping')) },
                  { path: d.tax.path, ...page(() => import('./routes/dashboard/tax')) },
                  { path: d.sales.path, ...page(() => import('./routes/dashboard/sales')) },
                  { path: d.catalogue.path, ...page(() => import('./routes/dashboard/catalogue')) },
                  { path: d.audit.path, ...page(() => import('./routes/dashboard/audit')) },
                  { path: d.messages.path, ...page(() => import('./routes/dashboard/messages')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  // Any other path: the full-screen not-found page, outside the shop's header and footer.
  { path: '*', ...page(() => import('./routes/not-found')) },
];

/** The fetches of the pages of every route `pathname` matches in `routes`, for the history entry `at`. */
function fetchPages(routes: RouteObject[], pathname: string, at?: string) {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const lazy = (route.handle as { page?: LazyPage } | undefined)?.page;
    return lazy ? [lazy.fetch(at)] : [];
  });
}

/**
 * Loads the code of every route that `pathname` matches before the app is rendered, so that its first
 * render is the page itself: what hydrating a prerendered page needs, whose first render must be the
 * HTML the build wrote, and what the build's renderer needs to render it.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  await Promise.all(fetchPages(routes, pathname));
}

const READY: ReactPromise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
// The wait of each recent history entry, so that every render of one reads the same promise.
const waits = new Map<string, ReactPromise<void>>();

/**
 * The code of every route the history entry `location` matches in `routes`, asked for all at once
 * (a guard's, the dashboard's frame, the page), as one promise for React's `use`: already fulfilled
 * when every chunk is here, so the router renders the entry only once its pages can all be drawn.
 */
export function routeCode(routes: RouteObject[], location: { pathname: string; key: string }): ReactPromise<void> {
  const fetches = fetchPages(routes, location.pathname, location.key);
  if (fetches.every((fetch) => fetch.status === 'fulfilled')) return READY;
  let wait = waits.get(location.key);
  if (!wait) {
    wait = tracked(Promise.all(fetches).then(() => undefined));
    waits.set(location.key, wait);
    if (waits.size > 20) waits.delete(waits.keys().next().value!);
  }
  return wait;
}

/** Whether `pathname` is a page of the shop rather than the not-found page. */
export function isShopPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.length > 0 && matches.at(-1)!.route.path !== '*';
}
