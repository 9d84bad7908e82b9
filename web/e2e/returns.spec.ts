import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mailTo } from './support/mail';
import { expect, signInWithToken, test, toast } from './fixtures';

/** axe-core's WCAG 2.1 A and AA violations on the page, at a phone's width and then a desktop's. */
async function expectNoViolations(page: Page) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
}

/**
 * Returns: a buyer sends back one of two lines of a delivered order because it does not fit, the
 * staff approve, receive and refund it on the Returns page, and the buyer sees each step in My
 * Returns and by mail, the refund worked out by the shop.
 */
test.describe('returns', () => {
  test('a buyer returns one of two lines; staff approve, receive and refund it; the buyer sees each step', async ({
    page,
    api,
    shopper,
    adminToken,
    ownPart,
  }) => {
    const other = await api.createPart(adminToken, {
      name: `${ownPart.name} clip`,
      description: 'A clip that goes with the part: small, strong and fictional.',
      price: 4,
      availableQuantity: 50,
      minimumOrder: 1,
    });
    const orderId = await api.deliveredOrder(
      shopper.token,
      adminToken,
      [
        { partId: ownPart._id, quantity: 3 },
        { partId: other, quantity: 2 },
      ],
      '2014 Rivermark Tandem',
    );
    const stockBefore = (await api.part(ownPart._id)).availableQuantity;

    // The invoice says the shop's return terms; My Orders offers the return for the delivered order.
    await signInWithToken(page, shopper.token, `/dashboard/order/${orderId}`);
    await expect(page.getByRole('article', { name: `Invoice · Order #${orderId}` })).toContainText('Returns accepted within 30 days of delivery or collection');
    await page.goto('/dashboard/order');
    await page.getByRole('link', { name: /Return items/ }).first().click();
    await expect(page).toHaveURL(`/dashboard/returns/new/${orderId}`);
    const form = page.getByRole('form', { name: `Return items from order #${orderId}` });
    await expectNoViolations(page);
    await form.getByRole('radio', { name: "Doesn't fit my vehicle" }).check();
    // The vehicle the part was ordered for stands beside it.
    await expect(form.getByText('Ordered for: 2014 Rivermark Tandem').first()).toBeVisible();
    await form.getByLabel(new RegExp(`^${ownPart.name} How many`)).fill('1');
    await form.getByLabel('Note (optional)').fill('The bore is too small for my hub.');
    await form.getByRole('button', { name: 'Request return' }).click();
    await expect(page).toHaveURL(/\/dashboard\/returns\/\d+$/);
    const returnId = new URL(page.url()).pathname.split('/').pop()!;
    const number = `RMA-${returnId}`;
    await expect(page.getByRole('heading', { name: new RegExp(number) })).toBeVisible();
    await expect(page.getByText(/Requested/).first()).toBeVisible();
    await expect.poll(() => mailTo(shopper.email).some((m) => m.subject === `Return ${number} requested`)).toBe(true);

    // The part that fits is ordered as any order, and linked to the return as its exchange.
    const exchange = page.getByRole('region', { name: 'Exchange it for the part that fits' });
    await expect(exchange.getByRole('link', { name: 'Find parts for your 2014 Rivermark Tandem' })).toBeVisible();
    const replacement = await api.placeOrder(shopper.token, other, 1);
    await page.reload();
    await exchange.getByLabel('The order that replaces it').selectOption(replacement);
    await exchange.getByRole('button', { name: 'Link order' }).click();
    await expect(page.getByText(`Replaced by order #${replacement}`)).toBeVisible();

    // The staff find it on the Returns page and move it on.
    await signInWithToken(page, adminToken, '/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Returns', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage-returns/);
    await page.getByLabel('Show returns').selectOption('requested');
    await expect(page).toHaveURL(/state=requested/);
    await page.getByRole('button', { name: `Approve return ${number}` }).first().click();
    const approve = page.getByRole('dialog', { name: 'Approve this return?' });
    await approve.getByRole('button', { name: 'Approve Return' }).click();
    await expect(toast(page, `${number} is approved`)).toBeVisible();
    await page.getByLabel('Show returns').selectOption('approved');
    await page.getByRole('button', { name: `Receive return ${number}` }).first().click();
    const receive = page.getByRole('dialog', { name: 'Mark the parts received?' });
    await receive.getByRole('radio', { name: /Resalable/ }).check();
    await receive.getByRole('button', { name: 'Mark Received' }).click();
    await expect(toast(page, `${number} is received`)).toBeVisible();
    expect((await api.part(ownPart._id)).availableQuantity).toBe(stockBefore + 1);
    await page.getByLabel('Show returns').selectOption('received');
    await page.getByRole('button', { name: `Refund return ${number}` }).first().click();
    const refund = page.getByRole('dialog', { name: 'Refund this return?' });
    // One part at $12.50, untaxed pickup, no restocking fee unless the shop set one.
    await refund.getByRole('button', { name: /^Refund \$/ }).click();
    await expect(toast(page, `${number} is refunded`)).toBeVisible();
    // Sales counts it among the returns by reason.
    await page.goto('/dashboard/sales');
    const byReason = page.getByRole('region', { name: /Returns in 30 days by reason/ });
    // Its row's Refunded cell counts this refund at least.
    await expect(byReason.getByRole('row', { name: /fit/ }).getByRole('cell').nth(1)).not.toHaveText('0');

    // The buyer sees it refunded, and was told each step.
    await signInWithToken(page, shopper.token, `/dashboard/returns/${returnId}`);
    await expect(page.getByText(/Refunded/).first()).toBeVisible();
    await expectNoViolations(page);
    for (const subject of [`Return ${number} approved: how to send it back`, `Return ${number} received`, `Return ${number} refunded`]) {
      await expect.poll(() => mailTo(shopper.email).some((m) => m.subject === subject)).toBe(true);
    }
    const order = await api.order(shopper.token, orderId);
    expect((order as unknown as { refundedAmount: number }).refundedAmount).toBe(12.5);
    await page.goto('/dashboard/order');
    await expect(page.getByRole('row').filter({ hasText: `#${orderId}` }).first()).toContainText('Partly refunded');
  });

  test('a core return refunds the deposit', async ({ page, api, shopper, adminToken }, testInfo) => {
    const name = `Alternator ${testInfo.testId.slice(0, 6)} ${Date.now().toString(36)}`;
    const alternator = await api.createPart(adminToken, {
      name,
      description: 'A remanufactured alternator, for one browser test: the old one comes back for its deposit.',
      price: 120,
      availableQuantity: 10,
      minimumOrder: 1,
      coreCharge: 45,
    });
    const orderId = await api.deliveredOrder(shopper.token, adminToken, [{ partId: alternator, quantity: 1 }]);
    const stockBefore = (await api.part(alternator)).availableQuantity;
    const { coreReturnDays } = (await (await page.request.get('/api/return-policy')).json()) as { coreReturnDays: number };

    // The buyer sends the old alternator back for its deposit, from the order's return page.
    await signInWithToken(page, shopper.token, `/dashboard/returns/new/${orderId}`);
    const form = page.getByRole('form', { name: `Return items from order #${orderId}` });
    await expect(form).toContainText(`Return the old part within ${coreReturnDays} days of delivery or collection for its $45.00 deposit.`);
    await form.getByRole('radio', { name: 'Old part (core) for its deposit' }).check();
    await expect(form.getByRole('group', { name: 'Which old parts are you sending back?' })).toBeVisible();
    await expect(form.getByText('$45.00 deposit per unit', { exact: true })).toBeVisible();
    await expect(form.getByLabel(new RegExp(`^${name} How many old parts`))).toHaveValue('1');
    await expectNoViolations(page);
    await form.getByRole('button', { name: 'Request return' }).click();
    await expect(page).toHaveURL(/\/dashboard\/returns\/\d+$/);
    const returnId = new URL(page.url()).pathname.split('/').pop()!;
    const number = `RMA-${returnId}`;
    await expect(page.getByText('Old part (core) for its deposit')).toBeVisible();
    // Only the deposit comes back: no goods, tax or delivery.
    const expected = page.getByRole('region', { name: 'Expected refund' });
    await expect(expected.getByRole('term')).toHaveText(['Core deposits', 'Total']);
    await expect(expected.getByRole('definition')).toHaveText(['$45.00', '$45.00']);

    // The staff find it among the core returns, approve it, receive the core and refund it.
    await signInWithToken(page, adminToken, '/dashboard/manage-returns');
    await page.getByLabel('Reason', { exact: true }).selectOption('core');
    await expect(page).toHaveURL(/reason=core/);
    await page.getByRole('button', { name: `Approve return ${number}` }).first().click();
    await page.getByRole('dialog', { name: 'Approve this return?' }).getByRole('button', { name: 'Approve Return' }).click();
    await expect(toast(page, `${number} is approved`)).toBeVisible();
    await page.getByRole('button', { name: `Receive return ${number}` }).first().click();
    const receive = page.getByRole('dialog', { name: 'Mark the parts received?' });
    await expect(receive).toContainText('A core puts no stock back.');
    await receive.getByRole('radio', { name: 'Cannot be rebuilt' }).check();
    await receive.getByLabel('Deduction (optional)').fill('5.00');
    await receive.getByRole('button', { name: 'Mark Received' }).click();
    await expect(toast(page, `${number} is received`)).toBeVisible();
    expect((await api.part(alternator)).availableQuantity).toBe(stockBefore);
    await page.getByRole('button', { name: `Refund return ${number}` }).first().click();
    const refund = page.getByRole('dialog', { name: 'Refund this return?' });
    await expect(refund.getByRole('term')).toHaveText(['Core deposits', 'Deduction', 'Total']);
    await expect(refund.getByRole('definition')).toHaveText(['$45.00', '−$5.00', '$40.00']);
    await refund.getByRole('button', { name: 'Refund $40.00' }).click();
    await expect(toast(page, `${number} is refunded`)).toBeVisible();

    // The buyer sees the deposit refunded, less the deduction.
    await signInWithToken(page, shopper.token, `/dashboard/returns/${returnId}`);
    const refunded = page.getByRole('region', { name: 'Refunded' });
    await expect(refunded).toContainText('$40.00 is refunded to the card you paid with.');
    await expect(refunded).toContainText('We took $5.00 off the deposit');
    await expect(page.getByRole('region', { name: 'Refund', exact: true }).getByRole('definition')).toHaveText(['$45.00', '−$5.00', '$40.00']);
    await expectNoViolations(page);
    const order = await api.order(shopper.token, orderId);
    expect((order as unknown as { refundedAmount: number }).refundedAmount).toBe(40);
  });
});
