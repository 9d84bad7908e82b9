import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
// eslint-disable-next-line no-restricted-imports -- see Toaster below
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api-client';
import { signOutLocally } from '@/lib/auth';
import { notify, subscribeToToasts, toastsWanted } from '@/lib/notify';
import { makeQueryClient } from '@/lib/query-client';

// React's own lazy: the toasts carry the toast library's styles and the shop's colours for it (in
// both stylesheets), so they need not wait for the whole stylesheet, nor fail with it.
const Toaster = lazy(() => import('./toaster'));

/** Any 401 to a request that carried a token ends the session: forget it and say so once. */
function SessionWatcher() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized(() => {
        signOutLocally(queryClient);
        notify.info('Your session has ended. Please log in again.', 'session-ended');
      }),
    [queryClient],
  );
  return null;
}

/** Mounts the toast container once the first toast is raised, so the home page does not load it. */
function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Everything the app needs around its routes: the query cache (`client`, or a new one) and the toasts. */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient | undefined }) {
  const [queryClient] = useState(() => client ?? makeQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatcher />
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
