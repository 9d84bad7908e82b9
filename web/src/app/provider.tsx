import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Slide, ToastContainer } from 'react-toastify';
import { onUnauthorized } from '@/lib/api-client';
import { signOutLocally } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { makeQueryClient } from '@/lib/query-client';

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

/** Everything the app needs around its routes: the query cache and the toasts (5000 ms, spec section 9). */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatcher />
      {children}
      <ToastContainer position="top-right" autoClose={5000} newestOnTop transition={Slide} theme="colored" closeOnClick={false} />
    </QueryClientProvider>
  );
}
