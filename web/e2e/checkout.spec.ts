import type { Page } from '@playwright/test';
import { expect, signInWithToken, test, toast } from './fixtures';

/** A run-unique tag, so this test's parts, methods and places are the only ones its searches find. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/** An expiry two years ahead, as the buyer types it. */
function futureExpiry(): string {
  return `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** Fills checkout's new-address form and saves it. */
async function addDeliveryAddress(page: Page, address: { name: string; line1: string; city: string; region: string; postcode: string }) {
  const form = page.getByRole('form', { name: 'New delivery address' });
  await form.getByLabel('Full name').fill(address.name);
  await form.getByLabel('Address line 1').fill(address.line1);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('State or region (optional)').fill(address.region);
  await form.getByLabel('Postcode').fill(address.postcode);
  await form.getByLabel('Country').fill('US');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('radio', { name: `${address.name}, ${address.line1}, ${address.city}` })).toBeChecked();
}

test.describe('cart and checkout', () => {
  test('a visitor fills a cart from the catalogue, checks out with a new address and a courier, pays, and the admin ships it', async ({
    page,
    api,
    adminToken,
    shopper,
  }) => {
    const id = tag();
    const rotor = { name: `Rotor ${id}`, price: 10, minimumOrder: 1, weightKg: 1 };
    const pads = { name: `Pads ${id}`, price: 20, minimumOrder: 2, weightKg: 2 };
    const fluid = { name: `Fluid ${id}`, price: 30, minimumOrder: 1, weightKg: 0.5 };
    for (const part of [rotor, pads, fluid]) {
      await api.createPart(adminToken, { ...part, description: 'A part made for the checkout test.', availableQuantity: 20 });
    }
    // Priced per order and per kilogram: $5.00 + $1.00 × kg.
    const courier = `Courier ${id}`;
    await api.createShippingMethod(adminToken, { name: courier, description: 'Next working day', basePrice: 5, pricePerKg: 1, freeOver: null });

    try {
      // A visitor finds the three parts and adds each at its minimum order.
      await page.goto('/parts');
      await page.getByLabel('Search parts').fill(id);
      await page.getByLabel('Search parts').press('Enter');
      const results = page.getByRole('main').getByRole('article');
      await expect(results).toHaveCount(3);
      for (const part of [rotor, pads, fluid]) {
        await page.getByRole('button', { name: `Add to cart: ${part.name}` }).click();
        await expect(toast(page, `${part.minimumOrder} × ${part.name} added to your cart`)).toBeVisible();
      }
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();

      // The cart: one more rotor.
      await header.getByRole('link', { name: 'Cart, 4 items' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(3);
      const rotorLine = page.getByRole('listitem', { name: rotor.name });
      await expect(rotorLine).toContainText('$10.00 each');
      await rotorLine.getByRole('button', { name: `Increase quantity of ${rotor.name}` }).click();
      await expect(rotorLine.getByLabel(`Quantity of ${rotor.name}`, { exact: true })).toHaveValue('2');
      await expect(page.getByTestId('cart-subtotal')).toHaveText('$90.00');
      await expect(header.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible();

      // Checkout asks the visitor to log in first, says why, and comes back with the cart.
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
      await expect(page.getByText('Log in to check out.')).toBeVisible();
      await page.getByLabel('Email').fill(shopper.email);
      await page.getByLabel('Password').fill(shopper.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary).toContainText(`2 × ${rotor.name}`);
      await expect(summary).toContainText(`2 × ${pads.name}`);
      await expect(summary).toContainText(`1 × ${fluid.name}`);

      // The courier, for 6.5 kg: $5.00 + $6.50; to a new address, saved to the book.
      await page.getByRole('radio', { name: `${courier} $11.50` }).check();
      await addDeliveryAddress(page, { name: shopper.name, line1: '12 Elm Street', city: 'Springfield', region: 'IL', postcode: '62704' });
      await expect(page.getByTestId('checkout-goods')).toHaveText('$90.00');
      await expect(page.getByTestId('checkout-shipping')).toHaveText('$11.50');
      const total = page.getByTestId('checkout-total');
      await expect(total).toHaveText(/^\$\d+\.\d\d$/);
      const shownTotal = (await total.textContent())!.trim();

      // Place order: straight on to pay the order's total by card.
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page).toHaveURL(/\/dashboard\/payment\/.+/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      await expect(page.getByTestId('payment-amount')).toHaveText(shownTotal);
      await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(pads.name);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill(futureExpiry());
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page.getByText('Congrats! Your Payment is completed.')).toBeVisible();
      await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

      const placed = await api.order(shopper.token, orderId);
      expect(placed.lines.map((line) => [line.partName, line.quantity])).toEqual([
        [rotor.name, 2],
        [pads.name, 2],
        [fluid.name, 1],
      ]);
      expect(placed.price).toBe(90);
      expect(placed.shipping).toBe(11.5);
      expect(`$${placed.total.toFixed(2)}`).toBe(shownTotal);

      // My Orders lists the order's lines, paid; its page is the invoice.
      await page.getByRole('link', { name: 'Back to My Orders' }).click();
      const myRow = page.getByRole('row').filter({ hasText: `2 × ${pads.name}` });
      await expect(myRow).toContainText(`2 × ${rotor.name}`);
      await expect(myRow).toContainText(`1 × ${fluid.name}`);
      await expect(myRow).toContainText('Paid');
      await expect(myRow).toContainText(shownTotal);
      await myRow.getByRole('link', { name: `Details of order #${orderId}` }).click();
      const invoice = page.getByRole('article', { name: `Invoice · Order #${orderId}` });
      await expect(invoice).toContainText('12 Elm Street');
      await expect(invoice).toContainText(courier);
      await expect(page.getByTestId('invoice-total')).toHaveText(shownTotal);
      await expect(page.getByRole('button', { name: 'Print invoice' })).toBeVisible();

      // The admin ships it from Manage Orders, and prints its packing slip.
      await signInWithToken(page, adminToken, '/dashboard/manage-orders?state=paid');
      const adminRow = page.getByRole('row').filter({ hasText: `#${orderId}` });
      await expect(adminRow).toContainText(`2 × ${pads.name}`);
      await expect(adminRow).toContainText(shopper.email);
      await adminRow.getByRole('button', { name: 'Ship' }).click();
      const confirm = page.getByRole('dialog', { name: 'Ship this order?' });
      await expect(confirm).toContainText(`1 × ${fluid.name}`);
      await confirm.getByRole('button', { name: 'Ship Order' }).click();
      await expect(toast(page, `Order #${orderId} is shipped.`)).toBeVisible();
      await page.goto(`/dashboard/manage-orders/${orderId}`);
      const slip = page.getByRole('article', { name: `Packing slip · Order #${orderId}` });
      await expect(slip).toContainText('Shipped');
      await expect(slip).toContainText('12 Elm Street');
      await expect(slip).toContainText('5 units in 3 lines.');
      await expect(page.getByRole('button', { name: 'Print packing slip' })).toBeVisible();

      // The buyer sees it shipped.
      await signInWithToken(page, shopper.token, '/dashboard/order');
      await expect(page.getByRole('row').filter({ hasText: `2 × ${pads.name}` })).toContainText('Shipped');
    } finally {
      await api.deleteShippingMethods(adminToken, courier);
    }
  });

  test('an admin sets a delivery price and a tax rate, and the next checkout charges them', async ({ page, api, adminToken, shopper, ownPart }) => {
    const id = tag();
    const express = `Express ${id}`;
    const region = `Z${id}`;
    try {
      // Shipping: a delivery method at $6.00 an order.
      await signInWithToken(page, adminToken, '/dashboard');
      await page.getByRole('navigation', { name: 'Shop settings' }).getByRole('link', { name: 'Shipping' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
      await page.getByRole('button', { name: 'Add delivery method' }).click();
      const methodDialog = page.getByRole('dialog', { name: 'New delivery method' });
      await methodDialog.getByLabel('Name').fill(express);
      await methodDialog.getByLabel('Price per order').fill('6');
      await methodDialog.getByLabel('Price per kg').fill('0');
      await methodDialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, `${express} is saved.`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: express })).toContainText('$6.00');

      // Tax: 10% in one region, on goods and shipping.
      await page.getByRole('navigation', { name: 'Shop settings' }).getByRole('link', { name: 'Tax' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeVisible();
      await page.getByRole('button', { name: 'Add tax rate' }).click();
      const rateDialog = page.getByRole('dialog', { name: 'New tax rate' });
      await rateDialog.getByLabel('Region').fill(region);
      await rateDialog.getByLabel('Name').fill('Test sales tax');
      await rateDialog.getByLabel('Rate (%)').fill('10');
      await rateDialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, `The rate for US-${region} is saved.`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: `US-${region}` })).toContainText('10%');

      // A buyer puts 3 × $12.50 in the cart from the part's page and checks out to that region.
      await signInWithToken(page, shopper.token, `/purchase/${ownPart._id}`);
      await expect(page.getByLabel('Order quantity')).toHaveValue(String(ownPart.minimumOrder));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(toast(page, `${ownPart.minimumOrder} × ${ownPart.name} added to your cart`)).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: /^Cart, / }).click();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL('/checkout');
      await page.getByRole('radio', { name: `${express} $6.00` }).check();
      await addDeliveryAddress(page, { name: shopper.name, line1: '7 Test Road', city: 'Testville', region, postcode: '00001' });

      // $37.50 + $6.00 shipping + 10% of both.
      await expect(page.getByTestId('checkout-goods')).toHaveText('$37.50');
      await expect(page.getByTestId('checkout-shipping')).toHaveText('$6.00');
      await expect(page.getByText('Tax (Test sales tax, 10%)')).toBeVisible();
      await expect(page.getByTestId('checkout-tax')).toHaveText('$4.35');
      await expect(page.getByTestId('checkout-total')).toHaveText('$47.85');
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByTestId('payment-amount')).toHaveText('$47.85');
    } finally {
      await api.deleteTaxRate(adminToken, 'US', region);
      await api.deleteShippingMethods(adminToken, express);
    }
  });

  for (const width of [390, 1280] as const) {
    test(`Purchase on a part's page is the checkout for that part alone, at ${width} px`, async ({ page, api, adminToken, shopper, ownPart }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const id = tag();
      const courier = `Courier ${id}`;
      const region = `Y${id}`;
      await api.createShippingMethod(adminToken, { name: courier, description: 'Next working day', basePrice: 5, pricePerKg: 0, freeOver: null });
      await api.createTaxRate(adminToken, { country: 'US', region, name: 'Test sales tax', ratePercent: 10 });
      try {
        // Something already in the cart stays there: Purchase orders the part alone.
        await api.addToCart(shopper.token, ownPart._id, ownPart.minimumOrder);
        await signInWithToken(page, shopper.token, `/purchase/${ownPart._id}`);
        await expect(page.getByLabel('Order quantity')).toHaveValue(String(ownPart.minimumOrder));
        await page.getByRole('button', { name: 'Purchase' }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm Order' });
        await expect(dialog.getByLabel('Name')).toHaveValue(shopper.name);

        // Pickup first, at the goods' price; then the courier to a new address, with its tax.
        await expect(dialog.getByRole('radio', { name: 'Counter pickup Free' })).toBeChecked();
        await expect(dialog.getByTestId('checkout-total')).toHaveText('$37.50');
        await dialog.getByRole('radio', { name: `${courier} $5.00` }).check();
        await expect(dialog.getByRole('button', { name: 'Place order' })).toBeDisabled();
        await addDeliveryAddress(page, { name: shopper.name, line1: '9 Buy Now Lane', city: 'Testville', region, postcode: '00002' });
        await expect(dialog.getByTestId('checkout-goods')).toHaveText('$37.50');
        await expect(dialog.getByTestId('checkout-shipping')).toHaveText('$5.00');
        await expect(dialog.getByText('Tax (Test sales tax, 10%)')).toBeVisible();
        await expect(dialog.getByTestId('checkout-tax')).toHaveText('$4.25');
        await expect(dialog.getByTestId('checkout-total')).toHaveText('$46.75');

        // The payment asks what Confirm Order showed, and the order travels as chosen.
        await dialog.getByRole('button', { name: 'Place order' }).click();
        await expect(toast(page, `${ownPart.name}, order placed`)).toBeVisible();
        await expect(page.getByTestId('payment-amount')).toHaveText('$46.75');
        const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
        const placed = await api.order(shopper.token, orderId);
        expect([placed.price, placed.shipping, placed.tax, placed.total]).toEqual([37.5, 5, 4.25, 46.75]);
        expect(await api.cartCount(shopper.token)).toBe(ownPart.minimumOrder);
      } finally {
        await api.deleteTaxRate(adminToken, 'US', region);
        await api.deleteShippingMethods(adminToken, courier);
      }
    });
  }

  for (const width of [390, 1280] as const) {
    test(`with a vehicle chosen, the cart and checkout say which parts fit it, and the order keeps it, at ${width} px`, async ({ page, api, adminToken, shopper }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const id = tag();
      // A make of this run's own, so no other test's count of a real vehicle's parts changes.
      const make = `Fitmake${id}`;
      const vehicle = `2014 ${make} Tester`;
      const description = 'A part made for the fit test.';
      const pads = { name: `Tester pads ${id}`, price: 20, minimumOrder: 1, availableQuantity: 10, description };
      const disc = { name: `BMW disc ${id}`, price: 50, minimumOrder: 1, availableQuantity: 10, description };
      const padsId = await api.createPart(adminToken, { ...pads, fitments: [{ make, model: 'Tester', yearFrom: 2009, yearTo: 2019 }] });
      const discId = await api.createPart(adminToken, { ...disc, fitments: [{ make: 'BMW', model: '3 Series', yearFrom: 2012, yearTo: 2018 }] });
      await api.addToCart(shopper.token, padsId, 1);
      await api.addToCart(shopper.token, discId, 1);
      await page.addInitScript((chosen) => localStorage.setItem('vehicle', JSON.stringify({ make: chosen, model: 'Tester', year: 2014 })), make);

      await signInWithToken(page, shopper.token, '/cart');
      const padsLine = page.getByRole('listitem', { name: pads.name });
      const discLine = page.getByRole('listitem', { name: disc.name });
      await expect(padsLine).toContainText(`Fits your ${vehicle}`);
      await expect(discLine).toContainText(`Not listed for your ${vehicle}`);

      // It says, never stops: the checkout says it again and places the order.
      await page.getByRole('button', { name: 'Checkout' }).click();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary.getByRole('listitem').filter({ hasText: disc.name })).toContainText(`Not listed for your ${vehicle}`);
      await expect(summary.getByRole('listitem').filter({ hasText: pads.name })).toContainText(`Fits your ${vehicle}`);
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page).toHaveURL(/\/dashboard\/payment\/.+/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const placed = (await api.order(shopper.token, orderId)) as unknown as { lines: { partName: string; vehicle: string | null }[] };
      expect(placed.lines.map((line) => line.vehicle)).toEqual([vehicle, vehicle]);

      // The invoice says what each part was for.
      await page.goto(`/dashboard/order/${orderId}`);
      await expect(page.getByRole('article', { name: `Invoice · Order #${orderId}` }).getByText(`For ${vehicle}`).filter({ visible: true }).first()).toBeVisible();
    });
  }
});
