import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/entry-server';
import { App } from './app';
import { makePart } from '@/test/parts';
import { EMPTY_QUERY, partsApiPath } from '@/features/parts/catalogue-query';
import { makeQueryClient } from '@/lib/query-client';
import { seedPageData } from './page-data';
import { isPrerenderedFor, PRERENDERED_ATTRIBUTE } from './prerendered';
import { loadRoutesFor } from './router';

let root: Root | undefined;

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('prerendered pages', () => {
  it.each(['/', '/parts', '/blogs', '/about'])('%s: the server renderer’s HTML hydrates with no mismatch and no error', async (path) => {
    // The page's requests stay pending: the browser's first render shows what the build rendered.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { html, status } = await render(path);
    expect(status).toBe(200);
    // No Suspense boundary (React marks one with <!--$-->): a boundary is hydrated after the rest of
    // the page, by when an answer from the API may have changed what it shows.
    expect(html).not.toContain('<!--$');
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(PRERENDERED_ATTRIBUTE, path);
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', path);
    expect(isPrerenderedFor(container, window.location)).toBe(true);
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBeTruthy();

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await loadRoutesFor(path);
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // React kept the server's elements rather than drawing new ones.
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('/parts with the first page in the HTML: hydrates the build’s HTML, then shows the cards without asking the API', async () => {
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      void input;
      return new Promise<Response>(() => {});
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { html } = await render('/parts');
    const container = document.createElement('div');
    container.setAttribute(PRERENDERED_ATTRIBUTE, '/parts');
    container.innerHTML = html;
    document.body.append(container);
    window.history.replaceState(null, '', '/parts');
    const queryClient = makeQueryClient();
    const items = [makePart({ _id: '1', name: 'Brake Pads' }), makePart({ _id: '2', name: 'Oil Filter' })];
    seedPageData(queryClient, { api: `/api${partsApiPath(EMPTY_QUERY)}`, total: 2, items });

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await loadRoutesFor('/parts');
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h2')?.textContent).toBe('Showing 1–2 of 2 parts');
    const pictures = [...container.querySelectorAll('article img')];
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual(['Brake Pads', 'Oil Filter']);
    // The page opens on the first picture: fetched at once, first.
    expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
    expect(pictures[0]).toHaveAttribute('loading', 'eager');
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/part'))).toEqual([]);
  });

  it('renders the not-found page for an unknown path', async () => {
    const { html } = await render('/no/such/page');
    expect(html).toContain('Road closed');
  });

  it('is hydrated only on its own path and without a query string', () => {
    const container = document.createElement('div');
    container.setAttribute(PRERENDERED_ATTRIBUTE, '/parts');
    expect(isPrerenderedFor(container, { pathname: '/parts', search: '' })).toBe(true);
    expect(isPrerenderedFor(container, { pathname: '/parts', search: '?q=pads' })).toBe(false);
    expect(isPrerenderedFor(container, { pathname: '/purchase/7', search: '' })).toBe(false);
    expect(isPrerenderedFor(document.createElement('div'), { pathname: '/', search: '' })).toBe(false);
  });
});
