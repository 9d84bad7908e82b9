/* eslint-disable react-refresh/only-export-components -- the build's server entry is never hot-reloaded */
// The build's server renderer (build/prerender.ts): the public pages' HTML, rendered with React's
// own server renderer from the same routes and components as the browser's app.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { AppProvider } from './app/provider';
import { isShopPage, loadRoutesFor } from './app/router';
import { ShopRoutes } from './app/shop-routes';

export { PRERENDERED_ATTRIBUTE };

/** The HTML inside `#root` for the page at `path`, and the HTTP status it stands for. */
export async function render(path: string): Promise<{ html: string; status: number }> {
  // The page's code first: the renderer does not wait for a page that suspends.
  const { pathname } = new URL(path, 'http://prerender.invalid');
  await loadRoutesFor(pathname);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={path}>
          <ShopRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  return { html, status: isShopPage(pathname) ? 200 : 404 };
}
