import { expect, signInWithToken, test } from './fixtures';
import { uniqueAccount } from './support/accounts';

test.describe('accounts', () => {
  test("on a phone the menu's Login button has its label in its middle", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const login = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).filter({ visible: true });
    await expect(login).toBeVisible();
    const [button, label] = await login.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return [box.top + box.height / 2, text.top + text.height / 2];
    });
    expect(Math.abs(button - label)).toBeLessThan(3);
  });

  test('a visitor signs up and lands on the home page signed in', async ({ page }) => {
    const account = uniqueAccount('Signup');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

    // Empty fields name themselves.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Name is Required')).toBeVisible();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();

    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  });

  test('signing out forgets the session', async ({ page, shopper }) => {
    await signInWithToken(page, shopper.token);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('logging in returns to the guarded page that sent the visitor there', async ({ page, shopper, ownPart }) => {
    await page.goto(`/purchase/${ownPart._id}`);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveTitle('Login | Parts Garage');

    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();

    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`/purchase/${ownPart._id}`);
    await expect(page.getByRole('heading', { level: 1, name: ownPart.name })).toBeVisible();
  });

  test('a buyer who opens an admin page is signed out and sent to login', async ({ page, shopper }) => {
    await signInWithToken(page, shopper.token, '/dashboard/users');
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('That page is for admins only')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('any other path shows the full-screen not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Road closed' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page.getByRole('heading', { name: 'Available parts' })).toBeVisible();
  });
});
