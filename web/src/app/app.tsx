import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProvider } from './provider';

/** The shop's web app, on the browser's router (`createRouter`), with a query cache of its own unless given one. */
export function App({ router, queryClient }: { router: DataRouter; queryClient?: QueryClient }) {
  return (
    <AppProvider client={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
