import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Outlet, useNavigate, type RouteObject } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { authKeys } from '@/lib/auth';
import { mockApi } from '@/test/render';
import { RootLayout } from './layouts/root-layout';
import { page } from './router';
import { ShopRoutes } from './shop-routes';

const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

/** A promise and the function that settles it, for a page's chunk that arrives when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The shop's routes (its error page, the root layout) with `pages` in the frame, at `url`, for a visitor. */
function renderShop(pages: RouteObject[], url = '/') {
  mockApi({ 'GET /api/config': { body: config } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.me(), null);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <ShopRoutes routes={[{ path: '/', element: <RootLayout />, children: pages }]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Whoever renders it hands the test the router's navigate. */
function navigation() {
  const handle: { navigate?: ReturnType<typeof useNavigate> } = {};
  function Grab() {
    handle.navigate = useNavigate();
    return null;
  }
  return { handle, Grab };
}

const progressBar = () => document.querySelector('.animate-pulse');

describe('pages fetched on demand', () => {
  it('keeps the page the visitor is on, with the bar at the top, until every chunk of the next is here', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const frame = deferred<{ default: () => ReactNode }>();
    const chunk = deferred<{ default: () => ReactNode }>();
    const load = vi.fn(() => chunk.promise);
    renderShop([
      { index: true, element: <Link to="/parts">To the parts</Link> },
      // A frame of its own (as the dashboard's) around the page: both chunks are asked for at once.
      { ...page(() => frame.promise), children: [{ path: 'parts', ...page(load) }] },
    ]);
    const link = await screen.findByRole('link', { name: 'To the parts' });
    await act(async () => fireEvent.click(link));

    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'To the parts' })).toBeInTheDocument();
    expect(progressBar()).not.toBeNull();
    await act(async () => chunk.resolve({ default: () => <h1>All the parts</h1> }));
    expect(screen.getByRole('link', { name: 'To the parts' })).toBeInTheDocument();
    await act(async () => frame.resolve({ default: () => <Outlet /> }));

    expect(await screen.findByRole('heading', { name: 'All the parts' })).toBeInTheDocument();
    expect(progressBar()).toBeNull();
  });

  it('shows the error page when a page’s code cannot be fetched, and asks again on the next visit', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<() => Promise<{ default: () => ReactNode }>>().mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    const { handle, Grab } = navigation();
    renderShop([
      {
        index: true,
        element: (
          <>
            <Grab />
            <Link to="/parts">To the parts</Link>
          </>
        ),
      },
      { path: 'parts', ...page(load) },
    ]);
    const link = await screen.findByRole('link', { name: 'To the parts' });
    await act(async () => fireEvent.click(link));

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    // Asked for once for this visit, however often React renders it.
    expect(load).toHaveBeenCalledTimes(1);

    load.mockResolvedValue({ default: () => <h1>All the parts</h1> });
    await act(async () => handle.navigate!('/parts?page=2'));
    expect(await screen.findByRole('heading', { name: 'All the parts' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('scroll positions', () => {
  function scrolledTo(y: number) {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  }

  function restoreScrollY() {
    const original = Object.getOwnPropertyDescriptor(window, 'scrollY');
    onTestFinished(() => {
      if (original) Object.defineProperty(window, 'scrollY', original);
    });
  }

  it('opens a linked page at its top, its #hash at the element, and Back where the page was left', async () => {
    restoreScrollY();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    // jsdom lays nothing out and has no scrollIntoView: this one records the call.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const { handle, Grab } = navigation();
    renderShop(
      [
        {
          path: 'parts',
          element: (
            <>
              <Grab />
              <h1>Catalogue</h1>
            </>
          ),
        },
        { path: 'login', element: <h1>Log in</h1> },
        { path: 'about', element: <h1 id="team">About</h1> },
      ],
      '/parts',
    );
    await screen.findByRole('heading', { name: 'Catalogue' });
    scrolledTo(700);
    scrollTo.mockClear();
    const { navigate } = handle;

    await act(async () => navigate!('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledTo(0);

    await act(async () => navigate!(-1));
    expect(await screen.findByRole('heading', { name: 'Catalogue' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);

    await act(async () => navigate!('/about#team'));
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
  });

  it('keeps the positions in the tab’s session for a reload', async () => {
    restoreScrollY();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderShop([{ path: 'parts', element: <h1>Catalogue</h1> }], '/parts');
    await screen.findByRole('heading', { name: 'Catalogue' });
    scrolledTo(420);
    window.dispatchEvent(new Event('pagehide'));
    // MemoryRouter's first entry has the key "default": the path stands in (scroll-key.ts).
    expect(JSON.parse(sessionStorage.getItem('scroll-positions')!)).toMatchObject({ '/parts': 420 });
  });
});
