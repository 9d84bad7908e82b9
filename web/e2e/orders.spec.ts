import type { Page } from '@playwright/test';
import { expect, signInWithToken, test, toast } from './fixtures';

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
      await expect(card.getByText('Status: Pending', { exact: true })).toBeVisible();
    });
  });
});
