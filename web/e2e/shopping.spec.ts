import { expect, signInWithToken, test, toast } from './fixtures';

test.describe('shopping', () => {
  test('the home page, its footer and checkout name one place: the trade counter the admin set', async ({ page, shopper, request }) => {
    const { counter } = (await (await request.get('/api/shipping-methods')).json()) as { counter: { name: string; line1: string; city: string; phone: string } };
    await signInWithToken(page, shopper.token);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Our Locations' }) });
    await expect(card).toContainText(counter.name);
    await expect(card).toContainText(counter.line1);
    await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Contact Us' }) })).toContainText(counter.phone);
    await expect(page.getByRole('region', { name: 'Trade counter' })).toContainText(counter.line1);
    await expect(page.getByRole('contentinfo')).toContainText(counter.line1);
    await expect(page.getByRole('contentinfo')).toContainText(counter.city);
  });

  test('the home page shows its sections and the newest parts lead to a purchase page', async ({ page, shopper, ownPart }) => {
    await signInWithToken(page, shopper.token);
    await expect(page.getByRole('heading', { level: 1, name: /The right part/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    for (const title of ['Opening Hours', 'Our Locations', 'Contact Us', 'Available parts', 'Testimonials']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('banner')).toContainText('Parts Garage');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Available parts' })).toBeInViewport();

    // The part added last is the newest, so it is among the three shown.
    const parts = page.getByRole('region', { name: 'Available parts' }).getByRole('article');
    await expect(parts).toHaveCount(3);
    await expect(parts.first()).toContainText(ownPart.name);

    await page.getByRole('link', { name: `Purchase ${ownPart.name}` }).click();
    await expect(page).toHaveURL(`/purchase/${ownPart._id}`);
    await expect(page.getByRole('heading', { level: 1, name: ownPart.name })).toBeVisible();
    await expect(page.getByText(ownPart.description)).toBeVisible();
  });

  test('a buyer orders through the Confirm Order modal, sees the order and cancels it', async ({ page, shopper, ownPart, api }) => {
    await signInWithToken(page, shopper.token, `/purchase/${ownPart._id}`);

    const quantity = page.getByLabel('Order quantity');
    await expect(quantity).toHaveValue(String(ownPart.minimumOrder));
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(quantity).toHaveValue(String(ownPart.minimumOrder + 1));

    await page.getByRole('button', { name: 'Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Order' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue(shopper.name);
    await expect(dialog.getByLabel('Name')).not.toBeEditable();
    await expect(dialog.getByLabel('Email')).toHaveValue(shopper.email);
    await dialog.getByLabel('Phone').fill('+1 555 010 2000');
    await dialog.getByRole('button', { name: 'Place order' }).click();

    await expect(toast(page, `${ownPart.name}, order placed`)).toBeVisible();
    await expect(dialog).toBeHidden();
    // The buyer goes straight on to pay for it.
    await expect(page).toHaveURL(/\/dashboard\/payment\/.+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    // Stock is taken by the order.
    expect((await api.part(ownPart._id)).availableQuantity).toBe(ownPart.availableQuantity - ownPart.minimumOrder - 1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(row).toContainText('Unpaid');
    await expect(row).toContainText(String(ownPart.minimumOrder + 1));
    await expect(row.getByRole('link', { name: `Pay for ${ownPart.name}` })).toBeVisible();
    // The shop holds the parts for a while: the buyer is told until when.
    await expect(row).toContainText(/Pay by .+ to keep it/);

    await row.getByRole('button', { name: `Cancel order for ${ownPart.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(toast(page, `Your order for ${ownPart.name} is cancelled.`)).toBeVisible();
    await expect(row).toContainText('Cancelled');
    await expect(row).toContainText('Cancelled by you');
    await expect(row).not.toContainText('Pay by');
    await expect(row.getByRole('button', { name: `Cancel order for ${ownPart.name}` })).toHaveCount(0);
    // The stock came back.
    expect((await api.part(ownPart._id)).availableQuantity).toBe(ownPart.availableQuantity);
  });

  test('Pay on an unpaid order leads to its payment page', async ({ page, shopper, ownPart, api }) => {
    await api.placeOrder(shopper.token, ownPart._id, ownPart.minimumOrder);
    await signInWithToken(page, shopper.token, '/dashboard/order');
    await page.getByRole('link', { name: `Pay for ${ownPart.name}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/.+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(ownPart.name);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('$37.50');
  });
});
