import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { router } from './router';

/** The shop's web app. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
