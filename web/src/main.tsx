import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PageSpinner } from './components/ui/spinner';
import { readPageData, seedPageData } from './app/page-data';
import { isPrerenderedFor } from './app/prerendered';
import { loadRoutesFor } from './app/router';
import { makeQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The answer the shop put into the page (the catalogue's first page, or a part on its own page) is
// in the cache at once.
const queryClient = makeQueryClient();
const data = readPageData(document);
if (data) seedPageData(queryClient, data);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// Every chunk the address's route needs, asked for at once. One that fails is asked for again as the
// app renders, and its error page shown if it fails again.
const pagesHere = loadRoutesFor(window.location.pathname).catch(() => {});

if (isPrerenderedFor(root, window.location)) {
  // The build wrote this page's HTML (build/prerender.ts): React takes it over as it is, once
  // the page's own code is here, so the first render matches what is on the screen.
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser in
  // between, instead of one long task that blocks every tap until the whole page is done.
  void pagesHere.then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // Any other page (or this one with a query the build did not render): drawn here from scratch,
  // a spinner first while its code comes, then the page. The first render is a transition too, so
  // it is split into short tasks.
  root.replaceChildren();
  const fresh = createRoot(root);
  fresh.render(<PageSpinner />);
  void pagesHere.then(() => startTransition(() => fresh.render(app)));
}
