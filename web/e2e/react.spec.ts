import type { Page } from '@playwright/test';
import { expect, signInWithToken, test } from './fixtures';

/** Console errors and uncaught exceptions of `page` from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the app runs on React', () => {
  test("the page is drawn by React DOM: its root and elements carry React's own properties", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'The right part, first time.' })).toBeVisible();
    // The heading shows from the served HTML before hydration reaches it, so wait for React to take it over.
    const marks = () => page.evaluate(() => {
      const keys = (node: Element | null) => (node ? Object.keys(node) : []);
      const root = document.getElementById('root');
      return {
        // createRoot and hydrateRoot mark the container; every element React made or took over has its fiber.
        container: keys(root).some((key) => key.startsWith('__reactContainer$')),
        fiber: keys(document.querySelector('#hero-title')).some((key) => key.startsWith('__reactFiber$')),
        props: keys(document.querySelector('#hero-title')).some((key) => key.startsWith('__reactProps$')),
        // Preact keeps its virtual tree on the container as `__k`.
        preact: root !== null && '__k' in root,
      };
    });
    await expect.poll(marks).toEqual({ container: true, fiber: true, props: true, preact: false });
  });

  test('the built scripts are React DOM’s, with no other runtime bundled in their place', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const sources = await Promise.all(scripts.map(async (path) => (await request.get(path)).text()));
    const all = sources.join('\n');
    // Strings only React DOM's client carries: its root marker and its error-decoder address.
    expect(all).toContain('__reactContainer$');
    expect(all).toContain('react.dev/errors/');
    expect(all).not.toMatch(/preact/i);
    await page.goto('/');
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-prerendered'))).toBe(true);
  });
});

test.describe('prerendered pages', () => {
  test('the HTML served for / already has the heading and the hero, before any script runs', async ({ browser, request, baseURL }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<div id="root" data-prerendered="/">');
    expect(html).toMatch(/<h1 id="hero-title"[^>]*>The right part, <span[^>]*>first time\.<\/span><\/h1>/);
    expect(html).toContain('aria-labelledby="hero-title"');

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'The right part, first time.' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parts' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  for (const [path, heading] of [
    ['/', 'The right part, first time.'],
    ['/parts', 'Find parts'],
    ['/blogs', 'Blogs'],
    ['/about', 'Alex Example'],
  ] as const) {
    test(`${path} hydrates: React takes over the served elements, with no console error`, async ({ page }) => {
      const errors = collectErrors(page);
      // Mark the served heading before any script runs; hydration keeps the element, a fresh render would not.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => document.querySelector('h1')?.setAttribute('data-served', 'yes'), { once: true });
      });
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$'))))
        .toBe(true);
      await expect(h1).toHaveAttribute('data-served', 'yes');
      // Interactive: the header's links route in the app.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'The right part, first time.' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('a signed-in page starts from the shell, not from another page’s HTML', async ({ page, request, shopper, api, adminToken }) => {
    const id = await api.createPart(adminToken, {
      name: 'Shell Test Filter',
      description: 'A part for the prerendering test.',
      price: 9,
      availableQuantity: 10,
      minimumOrder: 1,
    });
    const html = await (await request.get(`/purchase/${id}`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-prerendered');
    const errors = collectErrors(page);
    await signInWithToken(page, shopper.token, `/purchase/${id}`);
    await expect(page.getByRole('heading', { name: 'Shell Test Filter' }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
