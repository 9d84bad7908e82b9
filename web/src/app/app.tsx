import { RouterProvider, type DataRouter } from 'react-router';
import { AppProvider } from './provider';

/** The shop's web app, on the browser's router (`createRouter`). */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
