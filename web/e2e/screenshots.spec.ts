import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInWithToken, test, toast } from './fixtures';

const OUT = path.resolve(import.meta.dirname, '..', 'screenshots');

const DEVICES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 780 } },
] as const;

/** Saves what the screen shows (not the whole page, to keep the files small). */
async function snap(page: Page, screen: string, device: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(OUT, `${screen}-${device}.png`), animations: 'disabled', caret: 'hide', scale: 'css' });
}

for (const device of DEVICES) {
  test.describe(`screenshots at ${device.viewport.width}px`, () => {
    test.use({ viewport: device.viewport });

    test(`every screen (${device.name})`, async ({ page, api, adminToken }) => {
      test.setTimeout(120_000);
      const d = device.name;
      // A demo part, so the screens show what a real catalogue looks like; nothing is changed in it.
      const part = await api.newestPart();
      // Each run has a fresh database, so a fixed account keeps the pictures the same from run to run.
      const buyer = await api.signup({ name: 'Sam Driver', email: `sam.driver.${d}@example.com`, password: 'sam-driver-pass' });
      const orderId = await api.placeOrder(buyer.token, part._id, part.minimumOrder);
      await api.saveProfile(buyer.token, {
        education: 'Automotive technician diploma',
        location: 'Ohio',
        city: 'Dayton',
        phone: '+1 555 010 2000',
        linkedin: 'https://www.linkedin.com/in/example',
      });

      // Signed out.
      await page.goto('/');
      const available = page.getByRole('region', { name: 'Available parts' });
      await expect(available.getByRole('heading', { name: 'Available parts' })).toBeVisible();
      // The cards come as their section nears the screen, as a visitor scrolls down to them.
      await available.scrollIntoViewIfNeeded();
      await expect(available.getByRole('article')).toHaveCount(3);
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, 'home', d);
      await page.goto('/parts');
      await expect(page.getByRole('heading', { level: 1, name: 'Find parts' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Showing 1–/ })).toBeVisible();
      await snap(page, 'parts', d);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await snap(page, 'login', d);
      await page.goto('/signup');
      await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
      await snap(page, 'signup', d);
      await page.goto('/blogs');
      await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
      await snap(page, 'blogs', d);
      await page.goto('/about');
      await expect(page.getByText('Sample content')).toBeVisible();
      await snap(page, 'portfolio', d);
      await page.goto('/this/page/does/not/exist');
      await expect(page.getByRole('heading', { name: 'Road closed' })).toBeVisible();
      await snap(page, 'not-found', d);
      // A part's public page, and the catalogue for a vehicle picked in the home page's hero.
      await page.goto(`/parts/${part._id}`);
      await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();
      await snap(page, 'part', d);
      const [fitment] = ((await (await page.request.get(`/api/part/${part._id}`)).json()) as { fitments: { make: string; model: string; yearTo: number }[] }).fitments;
      if (!fitment) throw new Error('the demo part fits no vehicle');
      await page.goto('/');
      const finder = page.getByRole('region', { name: 'Parts for your vehicle' });
      await finder.getByLabel('Make').selectOption(fitment.make);
      await finder.getByLabel('Model').selectOption(fitment.model);
      await finder.getByLabel('Year').selectOption(String(fitment.yearTo));
      await finder.getByRole('link', { name: 'Show parts for this vehicle' }).click();
      await expect(page.getByText(`Showing parts for your ${fitment.yearTo} ${fitment.make} ${fitment.model}`)).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Showing 1–/ })).toBeVisible();
      await snap(page, 'vehicle-search', d);
      // The other screens show no vehicle of the buyer's.
      await page.evaluate(() => localStorage.removeItem('vehicle'));

      // A buyer.
      await signInWithToken(page, buyer.token, `/purchase/${part._id}`);
      await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
      await snap(page, 'purchase', d);
      await page.getByRole('button', { name: 'Purchase' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm Order' }).getByTestId('checkout-total')).toBeVisible();
      await snap(page, 'confirm-order', d);
      await page.keyboard.press('Escape');

      // The buyer's cart: this part and the catalogue's second, then checkout with a courier to a new address.
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: `Cart, ${part.minimumOrder} ${part.minimumOrder === 1 ? 'item' : 'items'}` })).toBeVisible();
      await page.goto('/parts');
      await page.getByRole('main').getByRole('article').nth(1).getByRole('button', { name: /^Add to cart: .+$/ }).click();
      // The cart is the buyer's on the server: the line is there once the shop has said so.
      await expect(toast(page, /added to your cart$/)).toBeVisible();
      await page.goto('/cart');
      await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(2);
      await snap(page, 'cart', d);
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await page.getByRole('radio').nth(1).check();
      const address = page.getByRole('form', { name: 'New delivery address' });
      await address.getByLabel('Full name').fill(buyer.name);
      await address.getByLabel('Address line 1').fill('400 Main Street');
      await address.getByLabel('City').fill('Dayton');
      await address.getByLabel('State or region (optional)').fill('OH');
      await address.getByLabel('Postcode').fill('45402');
      await address.getByRole('button', { name: 'Save address' }).click();
      await expect(page.getByTestId('checkout-total')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await snap(page, 'checkout', d);

      // Buy now goes through the checkout too: one part by delivery to the buyer's address, priced in full.
      await page.goto(`/purchase/${part._id}`);
      await page.getByRole('button', { name: 'Purchase' }).click();
      const buyNow = page.getByRole('dialog', { name: 'Confirm Order' });
      await buyNow.getByRole('radio', { name: /^Standard delivery/ }).check();
      await expect(buyNow.getByTestId('checkout-shipping')).toBeVisible();
      await expect(buyNow.locator('[aria-busy="true"]')).toHaveCount(0);
      await buyNow.getByTestId('checkout-total').scrollIntoViewIfNeeded();
      await snap(page, 'buy-now-checkout', d);
      await page.keyboard.press('Escape');

      await page.goto('/dashboard/order');
      await expect(page.getByRole('button', { name: `Cancel order for ${part.name}` })).toBeVisible();
      await snap(page, 'my-orders', d);
      await page.goto(`/dashboard/payment/${orderId}`);
      await expect(page.getByRole('region', { name: 'Order summary' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
      await snap(page, 'payment', d);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill(`12 / ${String((new Date().getFullYear() + 4) % 100).padStart(2, '0')}`);
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      const paid = page.getByText('Congrats! Your Payment is completed.');
      await expect(paid).toBeVisible();
      await paid.scrollIntoViewIfNeeded();
      await snap(page, 'payment-done', d);
      await page.goto(`/dashboard/order/${orderId}`);
      await expect(page.getByRole('article', { name: `Invoice · Order #${orderId}` })).toBeVisible();
      // On a phone the lines and sums are what matter: they are brought into view.
      if (d === 'phone') await page.getByTestId('invoice-total').evaluate((total) => total.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await snap(page, 'invoice', d);
      // A delivered order's return request: one part that does not fit the vehicle it was bought for.
      const delivered = await api.deliveredOrder(buyer.token, adminToken, [{ partId: part._id, quantity: part.minimumOrder }], '2014 Toyota Corolla');
      await page.goto(`/dashboard/returns/new/${delivered}`);
      const request = page.getByRole('form', { name: `Return items from order #${delivered}` });
      await request.getByRole('radio', { name: "Doesn't fit my vehicle" }).check();
      await request.getByLabel(/How many/).first().fill('1');
      await request.getByLabel('Note (optional)').fill('Ordered for the wrong engine: mine is the 1.8L.');
      await snap(page, 'return-request', d);
      await request.getByRole('button', { name: 'Request return' }).click();
      await expect(page).toHaveURL(/\/dashboard\/returns\/\d+$/);
      await page.goto('/dashboard/review');
      await expect(page.getByRole('heading', { level: 1, name: 'Add A Review' })).toBeVisible();
      await snap(page, 'add-review', d);
      await page.goto('/dashboard/myprofile');
      await expect(page.getByRole('region', { name: buyer.name })).toContainText('Dayton');
      await snap(page, 'my-profile', d);

      // The admin.
      await signInWithToken(page, adminToken, '/dashboard/users');
      await expect(page.getByRole('row').filter({ hasText: buyer.email })).toBeVisible();
      await snap(page, 'all-users', d);
      await page.goto('/dashboard/addPart');
      await expect(page.getByRole('heading', { level: 1, name: 'Add A New Part' })).toBeVisible();
      await snap(page, 'add-part', d);
      await page.goto('/dashboard/managePart');
      const row = page.getByRole('row').filter({ hasText: part.name });
      await expect(row).toBeVisible();
      await snap(page, 'manage-parts', d);
      await row.getByRole('button', { name: `Edit ${part.name}` }).click();
      await expect(page.getByRole('dialog', { name: `Edit ${part.name}` })).toBeVisible();
      await snap(page, 'edit-part', d);
      await page.keyboard.press('Escape');
      await row.getByRole('button', { name: `Delete ${part.name}` }).click();
      await expect(page.getByRole('dialog', { name: `Delete ${part.name}?` })).toBeVisible();
      await snap(page, 'delete-part', d);
      await page.keyboard.press('Escape');
      // The buyer's order, paid above, waits to be shipped.
      await page.goto('/dashboard/manage-orders');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
      await expect(page.getByRole('button', { name: `Ready to collect order #${orderId}` })).toBeVisible();
      await snap(page, 'manage-orders', d);
      await page.goto('/dashboard/manage-returns');
      await expect(page.getByRole('button', { name: /^Approve return RMA-/ }).first()).toBeVisible();
      await snap(page, 'returns', d);
      await page.goto('/dashboard/shipping');
      await expect(page.getByRole('form', { name: 'Trade counter' })).toBeVisible();
      await snap(page, 'shipping', d);
      await page.goto('/dashboard/tax');
      await expect(page.getByRole('button', { name: 'Add tax rate' })).toBeVisible();
      await snap(page, 'tax', d);
      await page.goto('/dashboard/sales');
      await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /The last 30 days: [1-9]\d* orders?/ })).toBeVisible();
      await snap(page, 'sales', d);
      // A supplier's file with mistakes, only checked: the report, and nothing written.
      await page.goto('/dashboard/catalogue');
      const header = 'sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments';
      const file = [
        header,
        `SUP-1001,Front brake pads,Ceramic pads,${part.img},34.99,40,1,5,Brakes,1.2,04465-33450,,Toyota|Corolla|2014|2019|1.8L L4||front||`,
        `SUP-1002,Oil filter,Spin-on filter,${part.img},cheap,60,1,5,Engine,0.3,,,`,
        `SUP-1003,,Wiper blade,${part.img},12.50,30,0,5,Wipers,0.2,,,`,
      ].join('\n');
      await page.getByLabel('CSV file').setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
      await page.getByRole('button', { name: 'Check file' }).click();
      await expect(page.getByRole('table', { name: 'Rows to fix' })).toBeVisible();
      await snap(page, 'import-report', d);
    });
  });
}
