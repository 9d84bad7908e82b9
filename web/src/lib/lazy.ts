// eslint-disable-next-line no-restricted-imports -- the one place React's own lazy is used
import { lazy as reactLazy } from 'react';

let whole: Promise<unknown> | undefined;

/**
 * The whole app's stylesheet (index.css), applied. The home page starts with first-load.css, the
 * classes of its first load only, and fetches the whole one here with the first code it fetches on
 * demand; every other page links it in its HTML, and this is settled at once.
 */
export function wholeStylesheet(): Promise<unknown> {
  whole ??= import('@/styles/whole').catch((error: unknown) => {
    whole = undefined; // asked for again by the next component or page that needs it
    throw error;
  });
  return whole;
}

/**
 * React's `lazy`, whose component is drawn only once the whole stylesheet applies as well, so code
 * fetched on demand never shows without its classes.
 */
export const lazy: typeof reactLazy = (load) =>
  reactLazy(async () => {
    const [module] = await Promise.all([load(), wholeStylesheet()]);
    return module;
  });
