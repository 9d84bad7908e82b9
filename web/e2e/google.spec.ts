import { expect, test } from './fixtures';
import { GOOGLE_ACCOUNTS, type GoogleAccount } from './support/google';
import type { Page } from '@playwright/test';

/** Signs in at the provider's own pages ("Google"): login, then consent when it asks. */
async function signInAtProvider(page: Page, account: GoogleAccount) {
  await page.getByPlaceholder('Enter any login').fill(account.email);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('Sign in with Google', () => {
  test('a visitor sent to login from a guarded page continues with Google and lands back there signed in', async ({ page }) => {
    const account = GOOGLE_ACCOUNTS.newcomer;
    await page.goto('/dashboard/review');
    await expect(page).toHaveURL('/login');

    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).not.toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/login/);
    await signInAtProvider(page, account);

    await expect(page).toHaveURL('/dashboard/review');
    await expect(page.getByRole('heading', { name: 'Add A Review' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    // The account is the one Google named, and the shop knows it from now on.
    await page.goto('/dashboard/myprofile');
    await expect(page.getByText(account.email).first()).toBeVisible();
  });

  test('an e-mail Google has not verified is refused with a message on the login page', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, GOOGLE_ACCOUNTS.unverified);

    await expect(page).toHaveURL('/login?google_error=unverified');
    await expect(page.getByRole('alert')).toContainText('Google has not verified the e-mail address');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
