import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Address, CheckoutQuoteRequest } from '@/features/cart/api-types';
import { ANN, CONFIG, COURIER, makeAddress, makeCart, makeCartLine, makeQuote, PICKUP, SHIPPING_INFO } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import CheckoutRoute from './checkout';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const pads = makeCartLine({ partId: '5', partName: 'Brake Pads', unitPrice: 12.5, quantity: 2 });
const disc = makeCartLine({ partId: '6', partName: 'Brake Disc', unitPrice: 40, quantity: 1 });
const cart = makeCart([pads, disc]);
const home = makeAddress({ _id: '1', name: 'Ann Lee', line1: '12 Elm Street', isDefault: true });
const workshop = makeAddress({ _id: '2', name: 'Ann at work', line1: '1 Dock Road', city: 'Chicago', postcode: '60601', isDefault: false });

/** The courier's price to an Illinois address: $9.50, and 6.25% tax on goods and shipping. */
const courierQuote = makeQuote(cart, COURIER, { tax: 4.66, taxName: 'IL sales tax', taxRatePercent: 6.25, total: 65 + 9.5 + 4.66 });

function setup(routes: Parameters<typeof mockApi>[0] = {}, addresses: Address[] = [home, workshop]) {
  const quotes: CheckoutQuoteRequest[] = [];
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'GET /api/cart': { body: cart },
    'GET /api/shipping-methods': { body: SHIPPING_INFO },
    'GET /api/addresses': { body: addresses },
    'POST /api/checkout/quote': (body) => {
      const request = body as CheckoutQuoteRequest;
      quotes.push(request);
      if (request.deliveryMethod === COURIER.id && request.addressId) return { body: courierQuote };
      if (request.deliveryMethod === PICKUP.id) return { body: makeQuote(cart) };
      return { status: 400, body: { error: 'A delivery address is Required', fields: { addressId: 'A delivery address is Required' } } };
    },
    'POST /api/checkout': { status: 201, body: { success: true, insertedId: '42', booking: { _id: '42' } } },
    ...routes,
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/checkout" element={<CheckoutRoute />} />
      <Route path="/dashboard/payment/:id" element={<h1>Payment page</h1>} />
    </Routes>,
    { url: '/checkout', signedInAs: ANN },
  );
  return { ...view, fetchMock, quotes };
}

const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));

describe('checkout', () => {
  it('starts with counter pickup at the trade counter, and places the order for the total shown', async () => {
    const { user, fetchMock } = setup();
    const pickup = await screen.findByRole('radio', { name: 'Counter pickup Free' });
    expect(pickup).toBeChecked();
    expect(await screen.findByTestId('counter-address')).toHaveTextContent('Collect at Riverside counter, 14 Foundry Lane, Riverside, CA 92501, US');
    // The counter's own address stands in for the option's words, not beside them.
    expect(screen.queryByText(PICKUP.description)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Courier $9.50' })).not.toBeChecked();
    // Pickup needs no address.
    expect(screen.queryByRole('region', { name: 'Delivery address' })).not.toBeInTheDocument();

    const lines = within(summary().getByRole('list', { name: 'Order lines' }));
    expect(lines.getByText('2 × Brake Pads')).toBeInTheDocument();
    expect(lines.getByText('1 × Brake Disc')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-goods')).toHaveTextContent('$65.00');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$65.00');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({ deliveryMethod: 'pickup', expectedTotal: 65 });
  });

  it('delivers to the default address, priced with shipping and tax, until another is chosen', async () => {
    const { user, fetchMock, quotes } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Courier $9.50' }));
    const home = await screen.findByRole('radio', { name: 'Ann Lee, 12 Elm Street, Springfield' });
    await waitFor(() => expect(home).toBeChecked());
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$79.16'));
    expect(quotes).toContainEqual({ deliveryMethod: '3', addressId: '1' });
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$9.50');
    expect(summary().getByText('Tax (IL sales tax, 6.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$4.66');

    await user.click(screen.getByRole('radio', { name: 'Ann at work, 1 Dock Road, Chicago' }));
    await waitFor(() => expect(quotes).toContainEqual({ deliveryMethod: '3', addressId: '2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: 'Payment page' });
    expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({ deliveryMethod: '3', addressId: '2', expectedTotal: 79.16 });
  });

  it('says where a method delivers only, and why it cannot go to the address chosen', async () => {
    const local = { ...COURIER, id: '8', name: 'Local courier', description: 'Same day', price: 9, regions: ['US-OH'] };
    const pickupQuote = { ...makeQuote(cart), deliveryOptions: [PICKUP, COURIER, local] };
    const { user } = setup({
      'POST /api/checkout/quote': (body) => {
        const request = body as CheckoutQuoteRequest;
        if (request.deliveryMethod === local.id && request.addressId) {
          return {
            status: 400,
            body: { error: 'Local courier does not deliver to this address', fields: { deliveryMethod: 'Local courier does not deliver to this address' } },
          };
        }
        return { body: pickupQuote };
      },
    });
    const radio = await screen.findByRole('radio', { name: 'Local courier $9.00' });
    expect(radio).toHaveAccessibleDescription('Same dayDelivers only to US-OH');
    expect(screen.getByRole('radio', { name: 'Courier $9.50' })).toHaveAccessibleDescription('Next working day');
    await user.click(radio);
    expect(await screen.findByText('Local courier does not deliver to this address')).toBeInTheDocument();
  });

  it('adds a new address inline: saved to the book and chosen for delivery', async () => {
    const saved = makeAddress({ _id: '7', name: 'Ann Lee', line1: '9 Mill Lane', city: 'Peoria', postcode: '61602', isDefault: true });
    let book: Address[] = [];
    const { user, fetchMock, quotes } = setup({
      'GET /api/addresses': () => ({ body: book }),
      'POST /api/addresses': () => {
        book = [saved];
        return { status: 201, body: saved };
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Courier $9.50' }));
    // An empty book: the form is there at once, and says what it needs.
    const form = within(await screen.findByRole('form', { name: 'New delivery address' }));
    expect(screen.getByText('Choose a delivery address to see the delivery price, tax and total.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Name is Required')).toBeInTheDocument();
    expect(form.getByText('Address is Required')).toBeInTheDocument();

    await user.type(form.getByLabelText('Full name'), 'Ann Lee');
    await user.type(form.getByLabelText('Address line 1'), '9 Mill Lane');
    await user.type(form.getByLabelText('City'), 'Peoria');
    await user.type(form.getByLabelText('State or region (optional)'), 'IL');
    await user.type(form.getByLabelText('Postcode'), '61602');
    await user.clear(form.getByLabelText('Country'));
    await user.type(form.getByLabelText('Country'), 'us');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/addresses')).toEqual({
        name: 'Ann Lee',
        line1: '9 Mill Lane',
        line2: '',
        city: 'Peoria',
        region: 'IL',
        postcode: '61602',
        country: 'US',
        isDefault: false,
      }),
    );
    await waitFor(() => expect(quotes).toContainEqual({ deliveryMethod: '3', addressId: '7' }));
    expect(await screen.findByRole('radio', { name: 'Ann Lee, 9 Mill Lane, Peoria' })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$79.16'));
  });

  it("shows the shop's refusal, and beside the line it names, and stays on the page", async () => {
    const { user } = setup({
      'POST /api/checkout': {
        status: 409,
        body: { error: 'Line 2 (Brake Disc): Only 0 in stock', fields: { 'lines.1.quantity': 'Only 0 in stock' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 2 (Brake Disc): Only 0 in stock');
    const disc = summary()
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('Brake Disc'))!;
    expect(disc).toHaveTextContent('Only 0 in stock');
    expect(screen.queryByRole('heading', { name: 'Payment page' })).not.toBeInTheDocument();
  });

  it('says so when the total changed since it was shown, and shows the new one', async () => {
    let changed = false;
    const { user } = setup({
      'POST /api/checkout/quote': () => ({ body: makeQuote(cart, PICKUP, changed ? { tax: 5.2, total: 70.2, taxName: 'CA sales tax', taxRatePercent: 8 } : {}) }),
      'POST /api/checkout': () => {
        changed = true;
        return { status: 409, body: { error: 'The total changed to $70.20; check the order again' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The total changed to $70.20; check the order again');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$70.20'));
  });

  it('shows the core deposits beside their line and after the tax, and places the order for the total with them', async () => {
    const alternator = makeCartLine({ partId: '8', partName: 'Alternator', unitPrice: 189.99, quantity: 2, coreCharge: 45 });
    const withCore = makeCart([pads, alternator]);
    const { user, fetchMock } = setup({
      'GET /api/cart': { body: withCore },
      'POST /api/checkout/quote': { body: makeQuote(withCore) },
    });
    const lines = within(await screen.findByRole('list', { name: 'Order lines' }));
    const line = lines.getAllByRole('listitem').find((item) => item.textContent?.includes('Alternator'))!;
    expect(within(line).getByText('Core deposit $45.00 × 2')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-goods')).toHaveTextContent('$404.98');
    expect(screen.getByTestId('checkout-core-charges')).toHaveTextContent('$90.00');
    expect(screen.getByText('Refunded when you return your old parts; not taxed.')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$494.98');
    // In the order the figures add up: goods, shipping, tax, core deposits, total.
    const terms = summary()
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Goods', 'Shipping (Counter pickup)', 'Tax', 'Core deposits', 'Total']);

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({ deliveryMethod: 'pickup', expectedTotal: 494.98 });
  });

  it('has nothing to order with an empty cart', async () => {
    setup({ 'GET /api/cart': { body: makeCart([]) } });
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});
