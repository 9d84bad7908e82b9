import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueAccount } from './support/accounts';
import { ShopApi, type SignedIn } from './support/api';
import { expect, scrollToSection, test } from './fixtures';

/**
 * Every screen of the shop, checked by axe-core against WCAG 2.1 A and AA at a phone's width and a
 * desktop's: no violation is allowed, and no rule is turned off. To cover a new screen (or a dialog,
 * or a state a screen reaches), add a row to SCREENS.
 */

/** The rules checked: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** The data the screens show, made once for the whole file. */
type World = {
  /** A buyer with an address, a vehicle in the garage, a line in the cart and an unpaid order. */
  buyer: SignedIn;
  adminToken: string;
  partId: string;
  partName: string;
  /** A word of the part's name that no other part has, to search by. */
  partWord: string;
  /** The buyer's unpaid order of the part. */
  orderId: string;
  /** A buyer with a line in the cart and no address yet. */
  newBuyer: SignedIn;
};

type Who = 'visitor' | 'buyer' | 'new buyer' | 'admin';

type Screen = {
  name: string;
  /** Where the screen is, given the world. */
  path: (world: World) => string;
  who: Who;
  /** What to do once the page is open before checking it: open a dialog, pay, search… */
  setup?: (page: Page, world: World, api: ShopApi) => Promise<void>;
  /** The screen uses up the buyer's order (pays it): it gets an unpaid order of its own as `world.orderId`. */
  ownOrder?: boolean;
};

/** An expiry two years ahead, as the buyer types it. */
function futureExpiry(): string {
  return `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** Opens the row's dialog: the button named `name` that is on screen (phones and desktops lay the rows out differently). */
async function openDialog(page: Page, button: string, dialog: string) {
  await page.getByRole('button', { name: button, exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
}

const SCREENS: Screen[] = [
  // The public pages.
  {
    name: 'home',
    path: () => '/',
    who: 'visitor',
    // Down to the end, so the sections that come as they near the screen are checked too.
    setup: async (page) => {
      for (const section of ['Available parts', 'Testimonials', 'Stay connected with us']) await scrollToSection(page, section);
      await expect(page.getByRole('form', { name: 'Contact us' })).toBeVisible();
      await expect(page.getByText(/^Loading (parts|reviews|the contact form)$/)).toHaveCount(0);
    },
  },
  { name: 'catalogue', path: () => '/parts', who: 'visitor' },
  {
    name: 'catalogue search',
    path: () => '/parts',
    who: 'visitor',
    setup: async (page, world) => {
      await page.getByLabel('Search parts').fill(world.partWord);
      await page.getByLabel('Search parts').press('Enter');
      await expect(page).toHaveURL(new RegExp(`[?&]q=${world.partWord}`));
      await expect(page.getByRole('main').getByRole('article').filter({ hasText: world.partName })).toBeVisible();
    },
  },
  { name: 'part page', path: (w) => `/parts/${w.partId}`, who: 'visitor' },
  { name: 'part not found', path: () => '/parts/999999999', who: 'visitor' },
  { name: 'about', path: () => '/about', who: 'visitor' },
  { name: 'blogs', path: () => '/blogs', who: 'visitor' },
  { name: 'login', path: () => '/login', who: 'visitor' },
  {
    name: 'login, with its errors',
    path: () => '/login',
    who: 'visitor',
    setup: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('Email is Required')).toBeVisible();
    },
  },
  // Google's answer without a code: back to the login page, which says what went wrong.
  { name: 'failed Google sign-in', path: () => '/login/google', who: 'visitor' },
  { name: 'sign up', path: () => '/signup', who: 'visitor' },
  { name: 'forgot password', path: () => '/forgot-password', who: 'visitor' },
  { name: 'reset password', path: () => '/reset-password?token=not-a-real-token', who: 'visitor' },
  { name: 'verify e-mail', path: () => '/verify-email?token=not-a-real-token', who: 'visitor' },
  { name: 'empty cart', path: () => '/cart', who: 'visitor' },
  { name: 'not found', path: () => '/no-such-page', who: 'visitor' },

  // The buyer's.
  { name: 'catalogue for the saved vehicle', path: () => '/parts', who: 'buyer' },
  { name: 'part page, signed in', path: (w) => `/parts/${w.partId}`, who: 'buyer' },
  { name: 'cart', path: () => '/cart', who: 'buyer' },
  { name: 'checkout', path: () => '/checkout', who: 'buyer' },
  {
    name: 'checkout, a delivery method and no address yet',
    path: () => '/checkout',
    who: 'new buyer',
    setup: async (page) => {
      await page.getByRole('radiogroup', { name: 'Delivery method' }).getByRole('radio').nth(1).check();
      await expect(page.getByText('Choose a delivery address to see the delivery price, tax and total.')).toBeVisible();
    },
  },
  {
    name: 'catalogue with a decoded VIN',
    path: () => '/parts',
    who: 'visitor',
    setup: async (page) => {
      await page.getByLabel('Or enter your VIN').fill('2T1BURHE0EC123456');
      await page.getByLabel('Or enter your VIN').press('Enter');
      await expect(page.getByRole('button', { name: 'Use this vehicle' })).toBeVisible();
    },
  },
  {
    name: "the header's garage menu open",
    path: () => '/parts',
    who: 'buyer',
    setup: async (page) => {
      const button = page.getByRole('banner').getByRole('button', { name: /^(Switch vehicle|Choose from My Garage)$/ }).filter({ visible: true }).first();
      await button.hover();
      await button.click();
      await expect(page.getByRole('menu', { name: 'My Garage' })).toBeVisible();
    },
  },
  { name: 'purchase', path: (w) => `/purchase/${w.partId}`, who: 'buyer' },
  {
    name: 'Confirm Order modal',
    path: (w) => `/purchase/${w.partId}`,
    who: 'buyer',
    setup: (page) => openDialog(page, 'Purchase', 'Confirm Order'),
  },
  { name: 'My Orders', path: () => '/dashboard/order', who: 'buyer' },
  { name: 'invoice', path: (w) => `/dashboard/order/${w.orderId}`, who: 'buyer' },
  { name: 'payment', path: (w) => `/dashboard/payment/${w.orderId}`, who: 'buyer' },
  {
    name: 'payment completed',
    path: (w) => `/dashboard/payment/${w.orderId}`,
    who: 'buyer',
    ownOrder: true,
    setup: async (page) => {
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill(futureExpiry());
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page.getByText('Congrats! Your Payment is completed.')).toBeVisible();
    },
  },
  { name: 'My Returns', path: () => '/dashboard/returns', who: 'buyer' },
  { name: 'Add A Review', path: () => '/dashboard/review', who: 'buyer' },
  { name: 'My Profile, addresses and garage', path: () => '/dashboard/myprofile', who: 'buyer' },

  // The admin's.
  { name: 'All Users', path: () => '/dashboard/users', who: 'admin' },
  {
    name: 'All Users Make Admin dialog',
    path: () => '/dashboard/users',
    who: 'admin',
    setup: (page, w) => openDialog(page, `Make Admin ${w.buyer.email}`, 'Make this user an admin?'),
  },
  { name: "admin's own orders", path: () => '/dashboard/order', who: 'admin' },
  { name: 'Add A New Part', path: () => '/dashboard/addPart', who: 'admin' },
  { name: 'Manage Parts', path: () => '/dashboard/managePart', who: 'admin' },
  {
    name: 'Manage Parts edit dialog',
    path: () => '/dashboard/managePart',
    who: 'admin',
    setup: (page, w) => openDialog(page, `Edit ${w.partName}`, `Edit ${w.partName}`),
  },
  {
    name: 'Manage Parts restock dialog',
    path: () => '/dashboard/managePart',
    who: 'admin',
    setup: (page, w) => openDialog(page, `Restock ${w.partName}`, `Restock ${w.partName}`),
  },
  {
    name: 'Manage Parts delete dialog',
    path: () => '/dashboard/managePart',
    who: 'admin',
    setup: (page, w) => openDialog(page, `Delete ${w.partName}`, `Delete ${w.partName}?`),
  },
  { name: 'Manage Orders', path: () => '/dashboard/manage-orders', who: 'admin' },
  {
    name: 'Manage Orders dialog',
    path: () => '/dashboard/manage-orders?state=unpaid',
    who: 'admin',
    setup: (page, w) => openDialog(page, `Cancel order #${w.orderId}`, 'Cancel this order?'),
  },
  { name: 'packing slip', path: (w) => `/dashboard/manage-orders/${w.orderId}`, who: 'admin' },
  { name: 'Returns and the return policy', path: () => '/dashboard/manage-returns', who: 'admin' },
  { name: 'Shipping', path: () => '/dashboard/shipping', who: 'admin' },
  { name: 'Tax', path: () => '/dashboard/tax', who: 'admin' },
  { name: 'Sales', path: () => '/dashboard/sales', who: 'admin' },
  { name: 'Import / Export', path: () => '/dashboard/catalogue', who: 'admin' },
  { name: 'Audit Log', path: () => '/dashboard/audit', who: 'admin' },
  { name: 'Messages', path: () => '/dashboard/messages', who: 'admin' },
  {
    name: 'home, the contact form sent',
    path: () => '/',
    who: 'visitor',
    setup: async (page) => {
      const form = (await scrollToSection(page, 'Stay connected with us')).getByRole('form', { name: 'Contact us' });
      await form.getByLabel('Email').fill('axe@example.com');
      await form.getByLabel('Subject').fill('A question');
      await form.getByLabel('Message').fill('Open on Sunday?');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByRole('status')).toBeVisible();
    },
  },
  {
    name: 'home, the contact form with its errors',
    path: () => '/',
    who: 'visitor',
    setup: async (page) => {
      const form = (await scrollToSection(page, 'Stay connected with us')).getByRole('form', { name: 'Contact us' });
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByText('Email is Required')).toBeVisible();
    },
  },
  { name: "admin's profile", path: () => '/dashboard/myprofile', who: 'admin' },
];

/** Calls the API as `token`, failing the test on any error. */
async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
}

let world: World;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: process.env.SHOP_E2E_URL });
  const api = new ShopApi(request);
  const adminToken = await api.loginAdmin();
  const partWord = `axe${Date.now().toString(36)}`;
  const partName = `Axe Part ${partWord}`;
  const partId = await api.createPart(adminToken, {
    name: partName,
    description: 'A part made for the accessibility checks.',
    price: 12.5,
    availableQuantity: 500,
    minimumOrder: 1,
  });
  const buyer = await api.signup(uniqueAccount('Axe Buyer'));
  const orderId = await api.placeOrder(buyer.token, partId, 1);
  await post(request, buyer.token, '/api/addresses', {
    name: buyer.name,
    line1: '1200 Harbor Blvd',
    city: 'Oakland',
    region: 'CA',
    postcode: '94607',
    country: 'US',
  });
  await post(request, buyer.token, '/api/garage', { year: 2014, make: 'Toyota', model: 'Corolla' });
  await post(request, buyer.token, '/api/cart/lines', { partId, quantity: 2 });
  const newBuyer = await api.signup(uniqueAccount('Axe New Buyer'));
  await post(request, newBuyer.token, '/api/cart/lines', { partId, quantity: 1 });
  world = { buyer, adminToken, partId, partName, partWord, orderId, newBuyer };
});

test.afterAll(async () => {
  await request.dispose();
});

/** What axe-core finds against WCAG_TAGS on the page as it is now, in a form that reads well in a failure. */
async function violations(page: Page) {
  // Only the violations are wanted: axe-core then spends less time on the nodes that pass.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
}

test.describe('no accessibility violations at phone and desktop widths', () => {
  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.who})`, async ({ page, api }) => {
      const w = screen.ownOrder ? { ...world, orderId: await api.placeOrder(world.buyer.token, world.partId, 1) } : world;
      const token = { visitor: null, buyer: w.buyer.token, 'new buyer': w.newBuyer.token, admin: w.adminToken }[screen.who];
      if (token) await page.addInitScript((value) => localStorage.setItem('accessToken', value), token);

      // The screen opens on a phone; then the same page is widened to a desktop's width (the layout
      // follows the width through CSS alone), which spares opening and setting up every screen twice.
      const [phone, desktop] = VIEWPORTS;
      await page.setViewportSize(phone.viewport);
      await page.goto(screen.path(w));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('.loading')).toHaveCount(0);
      await screen.setup?.(page, w, api);
      await expect(page.locator('.loading')).toHaveCount(0);
      expect.soft(await violations(page), `at ${phone.name} width`).toEqual([]);

      await page.setViewportSize(desktop.viewport);
      // Two frames: the page has laid itself out at the new width and its resize observers have run.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await violations(page), `at ${desktop.name} width`).toEqual([]);
    });
  }
});

test.describe('where focus goes', () => {
  test('a search submitted from the keyboard leaves focus on the results heading, which gives the count', async ({ page }) => {
    await page.goto('/parts');
    await page.getByLabel('Search parts').fill(world.partWord);
    await page.getByLabel('Search parts').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${world.partWord}`));
    await expect(page.getByRole('main').getByRole('article').filter({ hasText: world.partName })).toBeVisible();
    const heading = page.getByRole('heading', { level: 2, name: /^Showing 1–\d+ of \d+ parts?$/ });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('aria-live', 'polite');
  });

  test('paying leaves focus on the message that the payment is completed', async ({ page, api }) => {
    const orderId = await api.placeOrder(world.buyer.token, world.partId, 1);
    await page.addInitScript((value) => localStorage.setItem('accessToken', value), world.buyer.token);
    await page.goto(`/dashboard/payment/${orderId}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill(futureExpiry());
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).press('Enter');
    const message = page.getByRole('status').filter({ hasText: 'Congrats! Your Payment is completed.' });
    await expect(message).toBeVisible();
    await expect(message).toBeFocused();
  });
});
