import { expect, signInWithToken, test, toast } from './fixtures';
import { uniqueAccount } from './support/accounts';
import { lastMailId, mailedLink } from './support/mail';

// These read the messages the shop writes to its data folder's `mail/` (no SMTP server in tests).

const NEUTRAL = 'If an account has this address, a link to reset its password is on its way.';
const LINK_USED = 'This link has expired or was already used. Ask for a new one.';

test.describe('accounts by e-mail', () => {
  test('a buyer who forgot the password sets a new one from the e-mailed link and is signed in', async ({ page, api, shopper }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page).toHaveTitle('Forgot Password | Parts Garage');

    const before = lastMailId();
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(NEUTRAL)).toBeVisible();

    const link = await mailedLink(shopper.email, '/reset-password', before);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set A New Password' })).toBeVisible();
    const password = `${shopper.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat new password').fill(`${password}x`);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await page.getByLabel('Repeat new password').fill(password);
    await page.getByRole('button', { name: 'Set New Password' }).click();

    // Signed in as login does, on the dashboard, which takes a buyer on to their orders
    // (at once when it already knows they are no admin, so either address may be seen).
    await expect(page).toHaveURL(/\/dashboard(\/order)?$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    // The new password logs in, the old one no longer does, and the old session has ended.
    expect((await api.login(shopper.email, password)).status).toBe(200);
    expect((await api.login(shopper.email, shopper.password)).status).toBe(401);
    expect(await api.meStatus(shopper.token)).toBe(401);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-secret');
    await page.getByLabel('Repeat new password').fill('another-secret');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toContainText(LINK_USED);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('an address without an account gets the same answer and no message', async ({ page }) => {
    const nobody = uniqueAccount('Nobody');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(nobody.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(NEUTRAL)).toBeVisible();
  });

  test('a new buyer verifies the e-mail address from the link in the message', async ({ page }) => {
    const account = uniqueAccount('Verify');
    await page.goto('/signup');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/');

    // Everything works meanwhile; a gentle reminder offers a new link.
    const reminder = page.getByRole('complementary', { name: 'E-mail verification' });
    await expect(reminder).toContainText(account.email);
    const before = lastMailId();
    await reminder.getByRole('button', { name: 'Resend the link' }).click();
    await expect(reminder.getByRole('status')).toHaveText(`A new link is on its way to ${account.email}.`);

    const link = await mailedLink(account.email, '/verify-email', before);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Verify Your E-mail' })).toBeVisible();
    await expect(page.getByText('is verified')).toBeVisible();
    await expect(reminder).toHaveCount(0);

    // It stays verified: no reminder on the next visit.
    await page.goto('/parts');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });

  test('the reminder appears without moving the page under it', async ({ page, shopper }) => {
    // The reminder shows once the shop has said the address is not verified, after the page is drawn.
    await signInWithToken(page, shopper.token, '/parts');
    await expect(page.getByRole('complementary', { name: 'E-mail verification' })).toBeVisible();
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          // Every layout shift so far (buffered), none when there was none.
          new PerformanceObserver((list) => {
            resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0));
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 1000);
        }),
    );
    expect(shifted).toBeLessThan(0.01);
  });

  test('a buyer changes the password: this browser stays signed in, other sessions end', async ({ page, api, shopper }) => {
    const here = await api.login(shopper.email, shopper.password);
    expect(here.token).toBeTruthy();
    await signInWithToken(page, here.token!, '/dashboard/myprofile');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

    const password = `${shopper.password}-changed`;
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat new password').fill(password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('The current password is not right')).toBeVisible();

    await page.getByLabel('Current password').fill(shopper.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Your password is changed.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // This browser carries on with the new token the shop answered.
    const kept = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(kept).toBeTruthy();
    expect(kept).not.toBe(here.token);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect(await api.meStatus(kept!)).toBe(200);

    // Every other session has ended, and only the new password logs in.
    expect(await api.meStatus(shopper.token)).toBe(401);
    expect((await api.login(shopper.email, shopper.password)).status).toBe(401);
    expect((await api.login(shopper.email, password)).status).toBe(200);
  });

  test("signing out everywhere ends another browser's session too", async ({ page, browser, baseURL, api, shopper }) => {
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await signInWithToken(otherPage, shopper.token, '/dashboard/myprofile');
      await expect(otherPage.getByRole('heading', { name: 'My Profile' })).toBeVisible();

      const here = await api.login(shopper.email, shopper.password);
      await signInWithToken(page, here.token!, '/dashboard/myprofile');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await dialog.getByRole('button', { name: 'Sign Out All Devices' }).click();

      await expect(page).toHaveURL('/login');
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      expect(await api.meStatus(here.token!)).toBe(401);

      // The other browser finds its session over at its next request.
      await otherPage.reload();
      await expect(otherPage).toHaveURL('/login');
      await expect(toast(otherPage, 'Your session has ended. Please log in again.')).toBeVisible();
      expect(await otherPage.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      // Logging in again works at once.
      expect((await api.login(shopper.email, shopper.password)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
