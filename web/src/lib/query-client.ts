import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Shared defaults: cache for a minute, never retry a request the server refused on purpose. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}
