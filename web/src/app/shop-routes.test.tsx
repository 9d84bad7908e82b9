import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { authKeys } from '@/lib/auth';
import { mockApi } from '@/test/render';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './shop-routes';

const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

/** A promise and the function that settles it, for a page's chunk that arrives when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The shop's frame (the boundary, the root layout) around `pages`, at `url`, for a visitor. */
function renderShop(pages: ReactNode, url = '/') {
  mockApi({ 'GET /api/config': { body: config } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.me(), null);
  function Frame() {
    const location = useLocation();
    return (
      <RouteErrorBoundary at={location.pathname + location.search}>
        <Routes>
          <Route path="/" element={<RootLayout />}>
            {pages}
          </Route>
        </Routes>
      </RouteErrorBoundary>
    );
  }
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Frame />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const progressBar = () => document.querySelector('.animate-pulse');

describe('pages fetched on demand', () => {
  it('keeps the page the visitor is on, with the bar at the top, until the next page’s code is here', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const chunk = deferred<{ default: () => ReactNode }>();
    const parts = lazyPage(() => chunk.promise);
    renderShop(
      <>
        <Route index element={<Link to="/parts">To the parts</Link>} />
        <Route path="parts" element={parts.element} />
      </>,
    );
    const link = await screen.findByRole('link', { name: 'To the parts' });
    await act(async () => fireEvent.click(link));

    expect(screen.getByRole('link', { name: 'To the parts' })).toBeInTheDocument();
    expect(progressBar()).not.toBeNull();
    await act(async () => chunk.resolve({ default: () => <h1>All the parts</h1> }));

    expect(await screen.findByRole('heading', { name: 'All the parts' })).toBeInTheDocument();
    expect(progressBar()).toBeNull();
  });

  it('shows the error page when a page’s code cannot be fetched, and asks again on the next visit', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<() => Promise<{ default: () => ReactNode }>>().mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    const parts = lazyPage(load);
    let navigate: ReturnType<typeof useNavigate> | undefined;
    function Home() {
      navigate = useNavigate();
      return <Link to="/parts">To the parts</Link>;
    }
    renderShop(
      <>
        <Route index element={<Home />} />
        <Route path="parts" element={parts.element} />
      </>,
    );
    await userEvent.click(await screen.findByRole('link', { name: 'To the parts' }));

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

    // React renders a failed page once more before it gives up: each time the chunk is asked for.
    const asked = load.mock.calls.length;
    load.mockResolvedValue({ default: () => <h1>All the parts</h1> });
    await act(async () => navigate!('/parts?page=2'));
    expect(await screen.findByRole('heading', { name: 'All the parts' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(asked + 1);
  });
});

describe('scroll positions', () => {
  function scrolledTo(y: number) {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  }

  it('opens a linked page at its top, its #hash at the element, and Back where the page was left', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    // jsdom lays nothing out and has no scrollIntoView: this one records the call.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    let navigate: ReturnType<typeof useNavigate> | undefined;
    function Catalogue() {
      navigate = useNavigate();
      return <h1>Catalogue</h1>;
    }
    renderShop(
      <>
        <Route path="parts" element={<Catalogue />} />
        <Route path="login" element={<h1>Log in</h1>} />
        <Route path="about" element={<h1 id="team">About</h1>} />
      </>,
      '/parts',
    );
    await screen.findByRole('heading', { name: 'Catalogue' });
    scrolledTo(700);
    scrollTo.mockClear();

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
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderShop(<Route path="parts" element={<h1>Catalogue</h1>} />, '/parts');
    await screen.findByRole('heading', { name: 'Catalogue' });
    scrolledTo(420);
    window.dispatchEvent(new Event('pagehide'));
    // MemoryRouter's first entry has the key "default": the path stands in (scroll-key.ts).
    expect(JSON.parse(sessionStorage.getItem('scroll-positions')!)).toMatchObject({ '/parts': 420 });
  });
});
