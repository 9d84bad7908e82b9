import { expect, test } from './fixtures';
import { uniqueAccount } from './support/accounts';

// On a phone a part's Purchase button is well down the catalogue: the page the visitor comes back
// to after signing up must open at its top, while Back still returns to where the list was left.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('scroll position on a phone', () => {
  test('a visitor who signs up from a part lands at the top of its purchase page', async ({ page }) => {
    const account = uniqueAccount('Scroll');
    await page.goto('/parts');
    const purchase = page.getByRole('link', { name: /^Purchase / }).nth(1);
    await purchase.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    const href = await purchase.getAttribute('href');
    await purchase.click();

    await expect(page).toHaveURL('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    // Scrolled down the sign-up page, as on a phone with its keyboard up, when Sign Up is pressed.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Back returns to where the catalogue was left', async ({ page }) => {
    await page.goto('/parts');
    const purchase = page.getByRole('link', { name: /^Purchase / }).nth(1);
    await purchase.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    const left = await page.evaluate(() => window.scrollY);
    await purchase.click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL('/parts');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });
});
