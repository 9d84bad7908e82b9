import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authKeys, SignedInUserProvider, type User } from '@/lib/auth';
import { vi } from 'vitest';

type RenderOptions = {
  /**
   * The URL to start at (with the history state a link gave, if any), with `path` the route
   * pattern that renders `ui` (e.g. "/purchase/:id").
   */
  url?: string | { pathname: string; search?: string; state?: unknown };
  path?: string;
  /** Who is signed in (kept in the query cache as /api/me would answer). */
  signedInAs?: User;
};

/** Renders a component with a fresh query cache and a router, and a user to drive it. */
export function renderWithProviders(ui: ReactElement, { url = '/', path, signedInAs }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (signedInAs) {
    localStorage.setItem('accessToken', 'test-token');
    queryClient.setQueryData(authKeys.me(), signedInAs);
  }
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SignedInUserProvider value={signedInAs ?? null}>
        <MemoryRouter initialEntries={[url]}>
          {path ? (
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
      </SignedInUserProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

/**
 * Replaces fetch with a fake server: `routes` maps "METHOD /api/path" to its answer (a function
 * receives the parsed JSON body and the URL with its query, and may answer later through a
 * promise). Unknown calls answer 404. Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Reply | ((body: unknown, url: URL) => Reply | Promise<Reply>)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const key = `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname)}`;
    const route = routes[key];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const reply = typeof route === 'function' ? await route(body, url) : (route ?? { status: 404, body: { error: 'Not found' } });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the fetch call that went to `path` with `method`. */
export function sentBody(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://shop.test').pathname === path,
  );
  if (!call) throw new Error(`no ${method} ${path} was sent`);
  const body = call[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

/** A small PNG file, as a user would pick it in a file input. */
export function pngFile(name = 'photo.png'): File {
  const bytes = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
    c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}
