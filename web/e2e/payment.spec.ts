import type { Page } from '@playwright/test';
import { expect, scrollToSection, signInWithToken, test, toast } from './fixtures';

/** An expiry two years ahead, as the buyer types it. */
function futureExpiry(): string {
  return `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill(futureExpiry());
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
}

test.describe('card payment', () => {
  test('a buyer orders a part, pays for it by card and My Orders shows it paid', async ({ page, shopper, ownPart, api }) => {
    // Order the part.
    await signInWithToken(page, shopper.token, `/purchase/${ownPart._id}`);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByRole('dialog', { name: 'Confirm Order' }).getByRole('button', { name: 'Place order' }).click();
    await expect(toast(page, `${ownPart.name}, order placed`)).toBeVisible();

    // Placing the order leads straight on to paying for it.
    await expect(page).toHaveURL(/\/dashboard\/payment\/.+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(ownPart.name);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(/Pay by .+ to keep it/);
    await expect(page.getByTestId('payment-amount')).toHaveText('$37.50');
    await expect(page.getByLabel('Name')).toHaveValue(shopper.name);
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);

    // The card is formatted as it is typed.
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await payWith(page, '4242 4242 4242 4242');

    const success = page.getByRole('status').filter({ hasText: 'Congrats! Your Payment is completed.' });
    await expect(success).toBeVisible();
    const transactionId = ((await success.locator('.font-mono').textContent()) ?? '').trim();
    expect(transactionId).toMatch(/^pi_\w+$/);
    await expect(success).toContainText(`Your transaction id: ${transactionId}`);
    // What happens next, by the shop's order number: the receipt, the pickup, and the invoice.
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect(success).toContainText(`Order #${orderId} is paid. A receipt is on its way to ${shopper.email}.`);
    await expect(success).toContainText(`Collect it at the trade counter: give the order number #${orderId} there.`);
    await expect(success.getByRole('link', { name: 'View the invoice' })).toHaveAttribute('href', `/dashboard/order/${orderId}`);
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(transactionId);

    // My Orders shows it paid, with the transaction id, and offers no Pay or Cancel.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(`Transaction id: ${transactionId}`);
    await expect(row.getByRole('link', { name: `Pay for ${ownPart.name}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Cancel order for ${ownPart.name}` })).toHaveCount(0);

    // Coming back to the payment page: the server says it is paid, and there is no card form.
    await page.goBack();
    await expect(page.getByRole('alert').filter({ hasText: 'This order is already paid' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);

    // Having paid, the buyer's review is marked as a verified buyer's on the home page.
    const words = `Paid and reviewed (${shopper.email}).`;
    await api.addReview(shopper.token, { name: shopper.name, description: words, rating: 4 });
    await page.goto('/');
    const review = (await scrollToSection(page, 'Testimonials')).getByRole('listitem').filter({ hasText: words });
    await expect(review.getByText('Verified buyer')).toBeVisible();
  });

  test('a declined card shows its message in red and the order stays unpaid', async ({ page, shopper, ownPart, api }) => {
    const orderId = await api.placeOrder(shopper.token, ownPart._id, ownPart.minimumOrder);
    await signInWithToken(page, shopper.token, '/dashboard/order');
    await page.getByRole('link', { name: `Pay for ${ownPart.name}` }).click();
    await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);

    // Checks in the page come first.
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByText('Card number is Required')).toBeVisible();
    await expect(page.getByText('Expiry is Required')).toBeVisible();
    await expect(page.getByText('CVC is Required')).toBeVisible();

    await payWith(page, '4000 0000 0000 0002');
    const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(declined).toBeVisible();
    await expect(declined).toHaveClass(/text-error/);
    await expect(page.getByText('Congrats! Your Payment is completed.')).toHaveCount(0);
    await expect(pay).toBeEnabled();

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    const row = page.getByRole('row').filter({ hasText: ownPart.name });
    await expect(row).toContainText('Unpaid');
    await expect(row.getByRole('link', { name: `Pay for ${ownPart.name}` })).toBeVisible();
  });
});
