import type { Page } from '@playwright/test';
import { expect, scrollToSection, test } from './fixtures';

/** The stylesheets the page links, in the order they apply, by file name. */
const stylesheets = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname));

const FIRST = /^\/assets\/index-[\w-]+\.css$/;
const WHOLE = /^\/assets\/whole-[\w-]+\.css$/;

test.describe("the home page's first load", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('starts with its own stylesheet and leaves the sections far down until the visitor scrolls to them', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await page.goto('/');
    // The hero's vehicle picker is the first code fetched on demand: the whole stylesheet comes with it, after the first.
    await expect(page.getByRole('region', { name: 'Parts for your vehicle' }).getByLabel('Make')).toBeEnabled();
    const links = await stylesheets(page);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(FIRST);
    expect(links[1]).toMatch(WHOLE);

    // Nothing of the reviews yet: neither their code nor their data.
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => path.startsWith('/api/review'))).toEqual([]);
    await expect(page.getByRole('region', { name: 'Testimonials' }).getByRole('status')).toHaveText('Loading reviews');

    const reviews = await scrollToSection(page, 'Testimonials');
    await expect(reviews.getByRole('list')).toBeAttached();
    await expect(reviews.getByRole('status')).toHaveCount(0);
    expect(asked.filter((path) => path.startsWith('/api/review'))).toHaveLength(1);

    // The contact form comes styled: its message box has the shop's rounded corners (a class only the
    // whole stylesheet has), not the browser's square ones.
    const form = (await scrollToSection(page, 'Stay connected with us')).getByRole('form', { name: 'Contact us' });
    const message = form.getByLabel('Message');
    await expect(message).toBeVisible();
    expect(await message.evaluate((box) => getComputedStyle(box).borderTopLeftRadius)).toBe('8px');
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
