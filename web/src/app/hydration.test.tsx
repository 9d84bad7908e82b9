import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/entry-server';
import { App } from './app';
import { isPrerenderedFor, PRERENDERED_ATTRIBUTE } from './prerendered';
import { createRouter, loadRoutesFor } from './router';

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
          <App router={createRouter()} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // React kept the server's elements rather than drawing new ones.
    expect(container.querySelector('h1')).toBe(heading);
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
