import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/app';
import { isPrerenderedFor } from './app/prerendered';
import { createRouter, loadRoutesFor } from './app/router';
import './index.css';

// Zod compiles its parsers with `new Function` when it may; the shop's Content-Security-Policy
// allows no eval, so the browser would report a violation. Its plain parsers check the same rules.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (isPrerenderedFor(root, window.location)) {
  // The build wrote this page's HTML (build/prerender.ts): React takes it over as it is, once
  // the page's own code is here, so the first render matches what is on the screen.
  void loadRoutesFor(window.location.pathname).then(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createRouter()} />
      </StrictMode>,
    );
  });
} else {
  // Any other page (or this one with a query the build did not render): drawn here from scratch.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App router={createRouter()} />
    </StrictMode>,
  );
}
