import type { Page } from '@playwright/test';
import { mailTo } from './support/mail';
import { expect, signInWithToken, test, toast } from './fixtures';

/** An expiry two years ahead, as the buyer types it. */
function futureExpiry(): string {
  return `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** Signs the admin in and opens Manage Orders from the dashboard menu, showing the orders in `state`. */
async function openManageOrders(page: Page, adminToken: string, state: string) {
  await signInWithToken(page, adminToken, '/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Orders' }).click();
  await expect(page).toHaveURL('/dashboard/manage-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
  await showOrders(page, state);
}

/** Chooses the orders shown in Manage Orders, and waits for them. */
async function showOrders(page: Page, state: string) {
  await page.getByLabel('Show orders').selectOption({ label: state });
  await expect(page).toHaveURL(/[?&]state=/);
  await expect(page.getByRole('status').filter({ hasText: 'Loading orders' })).toHaveCount(0);
}

test.describe('running the orders', () => {
  test('a paid pickup order is made ready to collect from Manage Orders, and the buyer sees it ready', async ({ page, shopper, ownPart, adminToken }) => {
    // The buyer orders the part and pays for it with the test card.
    await signInWithToken(page, shopper.token, `/purchase/${ownPart._id}`);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByRole('dialog', { name: 'Confirm Order' }).getByRole('button', { name: 'Place order' }).click();
    await expect(toast(page, `${ownPart.name}, order placed`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/payment\/.+/);
    await page.goto('/dashboard/order');
    const myRow = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(myRow).toContainText('Unpaid');
    await expect(myRow).toContainText('Awaiting payment');
    await myRow.getByRole('link', { name: `Pay for ${ownPart.name}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/.+/);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill(futureExpiry());
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Congrats! Your Payment is completed.')).toBeVisible();

    // The admin finds it among the paid orders: it can be made ready at the counter or refunded, not cancelled.
    await openManageOrders(page, adminToken, 'Paid, to ship');
    await expect(page).toHaveURL('/dashboard/manage-orders?state=paid');
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(row).toContainText(`#${orderId}`);
    await expect(row).toContainText(shopper.email);
    await expect(row).toContainText('$37.50');
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('Being prepared');
    await expect(row).toContainText('Counter pickup');
    await expect(row.getByRole('button')).toHaveText(['Ready to collect', 'Refund']);
    // Every order listed is paid and not shipped.
    for (const listed of await page.getByRole('row').filter({ has: page.getByRole('cell') }).all()) {
      await expect(listed).toContainText('Paid');
      await expect(listed).toContainText('Being prepared');
    }

    await row.getByRole('button', { name: 'Ready to collect' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ready to collect?' });
    await expect(confirm).toContainText(ownPart.name);
    // Nothing travels: no carrier or tracking number is asked for.
    await expect(confirm.getByLabel(/Carrier/)).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Mark Ready' }).click();
    await expect(toast(page, `Order #${orderId} is ready to collect.`)).toBeVisible();
    await expect(confirm).toBeHidden();
    // It left the paid-to-ship list, and shows among the shipped ones, ready to be collected.
    await expect(row).toHaveCount(0);
    await showOrders(page, 'Shipped');
    await expect(row).toContainText('Ready to collect');
    await expect(row.getByRole('button')).toHaveText(['Collected']);

    // The buyer is told by mail, and My Orders shows it paid and ready, with nothing left to pay or cancel.
    await expect.poll(() => mailTo(shopper.email).some((mail) => mail.subject === `Order #${orderId} is ready to collect`)).toBe(true);
    await signInWithToken(page, shopper.token, '/dashboard/order');
    await expect(myRow).toContainText('Paid');
    await expect(myRow).toContainText('Ready to collect');
    await expect(myRow.getByRole('link', { name: `Pay for ${ownPart.name}` })).toHaveCount(0);
    await expect(myRow.getByRole('button', { name: `Cancel order for ${ownPart.name}` })).toHaveCount(0);
  });

  test('an unpaid order offers Cancel but not Ship', async ({ page, shopper, ownPart, adminToken, api }) => {
    const orderId = await api.placeOrder(shopper.token, ownPart._id, ownPart.minimumOrder);
    await openManageOrders(page, adminToken, 'Unpaid');
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(row).toContainText(`#${orderId}`);
    await expect(row).toContainText('Unpaid');
    await expect(row.getByRole('button')).toHaveText(['Cancel']);
    await expect(row.getByRole('button', { name: 'Ship' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Deliver' })).toHaveCount(0);
  });

  test('an admin cancels an unpaid order and the part gets its stock back', async ({ page, shopper, ownPart, adminToken, api }) => {
    const quantity = ownPart.minimumOrder + 2;
    const orderId = await api.placeOrder(shopper.token, ownPart._id, quantity);
    expect((await api.part(ownPart._id)).availableQuantity).toBe(ownPart.availableQuantity - quantity);

    await openManageOrders(page, adminToken, 'Unpaid');
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(row).toContainText(String(quantity));
    await row.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(confirm).toContainText('back into stock');
    await confirm.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(toast(page, `Order #${orderId} is cancelled; its parts are back in stock.`)).toBeVisible();
    await expect(row).toHaveCount(0);

    await showOrders(page, 'Cancelled');
    await expect(row).toContainText('Cancelled');
    await expect(row).toContainText('Cancelled by the shop');
    await expect(row).toContainText('Not charged');
    await expect(row.getByRole('button')).toHaveCount(0);
    expect((await api.part(ownPart._id)).availableQuantity).toBe(ownPart.availableQuantity);

    // The buyer sees it cancelled too.
    await signInWithToken(page, shopper.token, '/dashboard/order');
    const myRow = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(myRow).toContainText('Cancelled');
    await expect(myRow).toContainText('Cancelled by the shop');
    await expect(myRow.getByRole('link', { name: `Pay for ${ownPart.name}` })).toHaveCount(0);
  });
});
