import { test as base, expect, type Page } from '@playwright/test';
import { uniqueAccount } from './support/accounts';
import { ShopApi, type NewPart, type SignedIn } from './support/api';

type Fixtures = {
  api: ShopApi;
  /** A fresh buyer account of this test's own, created through the API. */
  shopper: SignedIn;
  /** The admin's token. */
  adminToken: string;
  /** A part of this test's own, added by the admin. */
  ownPart: NewPart & { _id: string };
};

/** Opens the shop already signed in with `token` (kept where the app keeps it: localStorage accessToken). */
export async function signInWithToken(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/blogs');
  await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
  await page.goto(path);
}

/**
 * The page's section named `name`, scrolled to as a visitor scrolls down to it: the home page's
 * sections far down draw their content (cards, reviews, the contact form) as they near the screen.
 */
export async function scrollToSection(page: Page, name: string) {
  const section = page.getByRole('region', { name });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** A toast (role status or alert) with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByRole('alert').or(page.locator('.Toastify').getByRole('status')).filter({ hasText: text });
}

export const test = base.extend<Fixtures>({
  // The server's address is known only once global setup has started it.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.SHOP_E2E_URL;
    if (!url) throw new Error('SHOP_E2E_URL is not set: global setup did not start the shop');
    await use(url);
  },
  api: async ({ request }, use) => {
    await use(new ShopApi(request));
  },
  shopper: async ({ api }, use, testInfo) => {
    await use(await api.signup(uniqueAccount(`Buyer ${testInfo.workerIndex}`)));
  },
  adminToken: async ({ api }, use) => {
    await use(await api.loginAdmin());
  },
  ownPart: async ({ api, adminToken }, use, testInfo) => {
    const part: NewPart = {
      name: `Test Part ${testInfo.testId.slice(0, 6)} ${Date.now().toString(36)}`,
      description: 'A part made for one browser test: sturdy, reliable and entirely fictional.',
      price: 12.5,
      availableQuantity: 40,
      minimumOrder: 3,
    };
    const id = await api.createPart(adminToken, part);
    await use({ ...part, _id: id });
  },
});

export { expect };
