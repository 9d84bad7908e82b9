// eslint-disable-next-line no-restricted-imports -- the one place React's own lazy is used
import { lazy as reactLazy } from 'react';
import wholeHref from '@/whole.css?url';

let whole: Promise<void> | undefined;

/** Whether `link` has loaded its stylesheet (one in the page's HTML is, before any script runs). */
const applied = (link: HTMLLinkElement) => link.sheet !== null;

/**
 * The whole app's stylesheet (whole.css), applied. The home page starts with first-load.css, the
 * classes of its first load only, and links the whole one here the first time code fetched on
 * demand needs it; every other page links it in its HTML, and this is settled at once. A link that
 * fails is taken out again, and the next component or page that needs the stylesheet asks anew.
 */
export function wholeStylesheet(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve(); // the build's renderer
  // jsdom, where the component tests run, loads no stylesheet: it would never say this one applies.
  if (import.meta.env.MODE === 'test') return Promise.resolve();
  whole ??= new Promise<void>((resolve, reject) => {
    const found = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
      (link) => link.getAttribute('href') === wholeHref,
    );
    if (found && applied(found)) {
      resolve();
      return;
    }
    const link = found ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href: wholeHref });
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        link.remove();
        whole = undefined;
        reject(new Error('The page’s styles could not be loaded.'));
      },
      { once: true },
    );
    if (!found) document.head.append(link);
  });
  return whole;
}

/** What `loading` settles to, once the whole stylesheet applies as well. */
export async function withWholeStylesheet<T>(loading: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([loading, wholeStylesheet()]);
  return loaded;
}

/**
 * React's `lazy`, whose component is drawn only once the whole stylesheet applies as well, so code
 * fetched on demand never shows without its classes.
 */
export const lazy: typeof reactLazy = (load) => reactLazy(() => withWholeStylesheet(load()));
