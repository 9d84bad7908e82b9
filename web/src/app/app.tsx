import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { ShopRoutes } from './shop-routes';

/** The shop's web app, on the browser's address, with a query cache of its own unless given one. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider client={queryClient}>
      <BrowserRouter>
        <ShopRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
