import type { Page } from '@playwright/test';
import { expect, scrollToSection, test } from './fixtures';

/** The stylesheets the page links, in the order they apply, by file name. */
const stylesheets = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname));

const FIRST = /^\/assets\/index-[\w-]+\.css$/;
const WHOLE = /^\/assets\/whole-[\w-]+\.css$/;

/** Whether React has taken over the served hero heading (its element carries React's fiber). */
const heroTakenOver = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('#hero-title') ?? {}).some((key) => key.startsWith('__reactFiber$')));

test.describe("the home page's first load", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('becomes interactive on its own stylesheet; what is fetched later waits for the whole one', async ({ page }) => {
    // The whole stylesheet is held back until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/whole-[\w-]+\.css$/, async (route) => {
      await held;
      await route.continue();
    });
    const finderCode = page.waitForResponse(/\/assets\/vehicle-finder-[\w-]+\.js$/);
    await page.goto('/');
    await expect.poll(() => heroTakenOver(page)).toBe(true);
    await finderCode;
    // The hero's vehicle picker, fetched once the page is up, is not drawn without its classes.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(page.getByRole('status', { name: 'Loading the vehicle picker' })).toBeVisible();
    await expect(page.getByLabel('Make')).toHaveCount(0);

    release();
    await expect(page.getByRole('region', { name: 'Parts for your vehicle' }).getByLabel('Make')).toBeEnabled();
    const links = await stylesheets(page);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(FIRST);
    expect(links[1]).toMatch(WHOLE);
  });

  test('leaves the sections far down until the visitor scrolls to them', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Parts for your vehicle' }).getByLabel('Make')).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // Nothing of the reviews yet: neither their code nor their data.
    const reviewsAsked = () => asked.filter((path) => path.startsWith('/api/review') || /\/assets\/review-list-[\w-]+\.js$/.test(path));
    expect(reviewsAsked()).toEqual([]);
    await expect(page.getByRole('region', { name: 'Testimonials' }).getByRole('status')).toHaveText('Loading reviews');

    const reviews = await scrollToSection(page, 'Testimonials');
    await expect(reviews.getByRole('list')).toBeAttached();
    await expect(reviews.getByRole('status')).toHaveCount(0);
    expect(reviewsAsked()).toHaveLength(2);

    // The contact form comes styled: its message box has the shop's rounded corners (a class only the
    // whole stylesheet has), not the browser's square ones.
    const form = (await scrollToSection(page, 'Stay connected with us')).getByRole('form', { name: 'Contact us' });
    const message = form.getByLabel('Message');
    await expect(message).toBeVisible();
    expect(await message.evaluate((box) => getComputedStyle(box).borderTopLeftRadius)).toBe('8px');
  });

  test('brought back to where the visitor was, far down, after another page', async ({ page }) => {
    await page.goto('/');
    const form = (await scrollToSection(page, 'Stay connected with us')).getByRole('form', { name: 'Contact us' });
    await expect(form).toBeVisible();
    const blogs = page.getByRole('contentinfo').getByRole('link', { name: 'Blogs' });
    await blogs.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    await blogs.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await page.goBack();
    await expect(form).toBeInViewport();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(4);
  });
});

test.describe('every other page', () => {
  test('links the whole stylesheet only, and the app never adds the first one', async ({ page }) => {
    await page.goto('/parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Find parts' })).toBeVisible();
    const links = await stylesheets(page);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(WHOLE);

    // Pages fetched on demand bring no stylesheet of their own.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    expect(await stylesheets(page)).toEqual(links);
  });
});
