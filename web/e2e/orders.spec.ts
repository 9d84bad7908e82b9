import type { Page } from '@playwright/test';
import { expect, signInWithToken, test, toast } from './fixtures';

/** An expiry two years ahead, as the buyer types it. */
function futureExpiry(): string {
  return `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** Orders the part from its purchase page through the Confirm Order modal; answers the new order's id. */
async function orderFromPartPage(page: Page, part: { _id: string; name: string }): Promise<string> {
  await page.goto(`/purchase/${part._id}`);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('dialog', { name: 'Confirm Order' }).getByRole('button', { name: 'Place order' }).click();
  await expect(toast(page, `${part.name}, order placed`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

async function payWithTestCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill(futureExpiry());
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your Payment is completed.')).toBeVisible();
}

test.describe('order numbers', () => {
  test("the buyer's order number is the one the admin sees for the same order", async ({ page, shopper, ownPart, adminToken }) => {
    await signInWithToken(page, shopper.token, '/');
    const orderId = await orderFromPartPage(page, ownPart);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(`#${orderId}`);

    // The number the buyer sees on the order's row in My Orders.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const myCell = page.getByRole('row').filter({ hasText: ownPart.name }).getByRole('cell').first();
    await expect(myCell).toContainText(/#\d+/);
    const buyersNumber = /#\d+/.exec((await myCell.textContent()) ?? '')?.[0];

    // The number the admin sees on the buyer's order of that part in Manage Orders.
    await signInWithToken(page, adminToken, '/dashboard/manage-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
    const adminRow = page.getByRole('row').filter({ hasText: ownPart.name }).filter({ hasText: shopper.email });
    await expect(adminRow).toHaveCount(1);
    const adminsNumber = ((await adminRow.getByRole('cell').first().getByRole('link').textContent()) ?? '').trim();

    expect(buyersNumber).toBe(`#${orderId}`);
    expect(adminsNumber).toBe(buyersNumber);
    // The packing slip carries it too.
    await adminRow.getByRole('link', { name: `Order ${adminsNumber}, details` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Packing slip · Order ${adminsNumber}` })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 780 } });

    test('My Orders numbers each order and says what each badge is', async ({ page, shopper, ownPart, api }) => {
      const orderId = await api.placeOrder(shopper.token, ownPart._id, ownPart.minimumOrder);
      await signInWithToken(page, shopper.token, '/dashboard/order');
      await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
      const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: ownPart.name });
      await expect(card).toBeVisible();
      await expect(card).toContainText(`Order #${orderId}`);
      await expect(card.getByText('Payment: Unpaid', { exact: true })).toBeVisible();
      await expect(card.getByText('Status: Awaiting payment', { exact: true })).toBeVisible();
    });
  });
});

test.describe("an admin's own orders", () => {
  test('an admin orders from a part page, finds the order in My Orders and pays for it', async ({ page, ownPart, adminToken, api }) => {
    await signInWithToken(page, adminToken, '/');
    const orderId = await orderFromPartPage(page, ownPart);
    // The order holds its stock as anyone's does.
    expect((await api.part(ownPart._id)).availableQuantity).toBe(ownPart.availableQuantity - ownPart.minimumOrder);

    // My Orders is in the admin's dashboard menu, and lists the order, unpaid.
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL('/dashboard/order');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(row).toContainText(`#${orderId}`);
    await expect(row).toContainText('Unpaid');

    // Pay from there, with the test card.
    await row.getByRole('link', { name: `Pay for ${ownPart.name}` }).click();
    await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(ownPart.name);
    await payWithTestCard(page);

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('link', { name: `Pay for ${ownPart.name}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Cancel order for ${ownPart.name}` })).toHaveCount(0);
  });
});
