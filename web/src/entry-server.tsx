/* eslint-disable react-refresh/only-export-components -- the build's server entry is never hot-reloaded */
// The build's server renderer (build/prerender.ts): the public pages' HTML, rendered with React's
// own server renderer from the same routes and components as the browser's app.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter } from 'react-router';
import { App } from './app/app';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { routes } from './app/router';

export { PRERENDERED_ATTRIBUTE };

/** The HTML inside `#root` for the page at `path`, and the HTTP status it stands for. */
export async function render(path: string): Promise<{ html: string; status: number }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects (HTTP ${context.status}): nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}
