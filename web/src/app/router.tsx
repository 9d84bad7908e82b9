import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, fetched when its route is first visited. */
const page = (load: () => Promise<PageModule>): RouteObject['lazy'] => async () => ({ Component: (await load()).default });

/** The signed-in pages' guards (guards.tsx): a chunk of their own, fetched with the first such page. */
const guard =
  (name: 'RequireAuth' | 'RequireBuyer' | 'RequireAdmin'): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./guards'))[name] });

const d = paths.dashboard;

/** Every route of the app; the browser's router and the build's prerendering both start from it. */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: paths.parts.path, lazy: page(() => import('./routes/parts')) },
      { path: paths.part.path, lazy: page(() => import('./routes/part')) },
      { path: paths.cart.path, lazy: page(() => import('./routes/cart')) },
      { path: paths.about.path, lazy: page(() => import('./routes/about')) },
      { path: paths.blogs.path, lazy: page(() => import('./routes/blogs')) },
      { path: paths.login.path, lazy: page(() => import('./routes/auth/login')) },
      { path: paths.googleSignIn.path, lazy: page(() => import('./routes/auth/google-sign-in')) },
      { path: paths.signup.path, lazy: page(() => import('./routes/auth/signup')) },
      { path: paths.forgotPassword.path, lazy: page(() => import('./routes/auth/forgot-password')) },
      { path: paths.resetPassword.path, lazy: page(() => import('./routes/auth/reset-password')) },
      { path: paths.verifyEmail.path, lazy: page(() => import('./routes/auth/verify-email')) },
      {
        lazy: guard('RequireAuth'),
        children: [
          { path: paths.purchase.path, lazy: page(() => import('./routes/purchase')) },
          {
            lazy: guard('RequireBuyer'),
            children: [{ path: paths.checkout.path, lazy: page(() => import('./routes/checkout')) }],
          },
          {
            path: d.root.path,
            lazy: page(() => import('./layouts/dashboard-layout')),
            children: [
              { index: true, lazy: page(() => import('./routes/dashboard/dashboard-home')) },
              { path: d.profile.path, lazy: page(() => import('./routes/dashboard/my-profile')) },
              // One's own orders, to pay for or cancel: an admin's too (docs/decisions.md, D30).
              { path: d.orders.path, lazy: page(() => import('./routes/dashboard/my-orders')) },
              { path: d.order.path, lazy: page(() => import('./routes/dashboard/order')) },
              { path: d.payment.path, lazy: page(() => import('./routes/dashboard/payment')) },
              // One's own returns, as one's own orders: an admin's too.
              { path: d.returns.path, lazy: page(() => import('./routes/dashboard/my-returns')) },
              { path: d.newReturn.path, lazy: page(() => import('./routes/dashboard/new-return')) },
              { path: d.return.path, lazy: page(() => import('./routes/dashboard/return')) },
              {
                lazy: guard('RequireBuyer'),
                children: [{ path: d.review.path, lazy: page(() => import('./routes/dashboard/add-review')) }],
              },
              {
                lazy: guard('RequireAdmin'),
                children: [
                  { path: d.users.path, lazy: page(() => import('./routes/dashboard/all-users')) },
                  { path: d.addPart.path, lazy: page(() => import('./routes/dashboard/add-part')) },
                  { path: d.manageParts.path, lazy: page(() => import('./routes/dashboard/manage-parts')) },
                  { path: d.manageOrders.path, lazy: page(() => import('./routes/dashboard/manage-orders')) },
                  { path: d.manageOrder.path, lazy: page(() => import('./routes/dashboard/manage-order')) },
                  { path: d.manageReturns.path, lazy: page(() => import('./routes/dashboard/manage-returns')) },
                  { path: d.manageReturn.path, lazy: page(() => import('./routes/dashboard/manage-return')) },
                  { path: d.shipping.path, lazy: page(() => import('./routes/dashboard/shipping')) },
                  { path: d.tax.path, lazy: page(() => import('./routes/dashboard/tax')) },
                  { path: d.sales.path, lazy: page(() => import('./routes/dashboard/sales')) },
                  { path: d.catalogue.path, lazy: page(() => import('./routes/dashboard/catalogue')) },
                  { path: d.audit.path, lazy: page(() => import('./routes/dashboard/audit')) },
                  { path: d.messages.path, lazy: page(() => import('./routes/dashboard/messages')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  // Any other path: the full-screen not-found page, outside the shop's header and footer.
  { path: '*', lazy: page(() => import('./routes/not-found')) },
];

/** The browser's router, on the address the page was opened at. */
export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the code of every route that `pathname` matches before the router starts, so that its first
 * render is the page itself rather than the spinner: what hydrating a prerendered page needs, whose
 * first render must be the HTML the build wrote.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
