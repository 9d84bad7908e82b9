import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { saveVehicle } from '@/lib/vehicle';
import type { CheckoutQuoteRequest } from '@/features/cart/api-types';
import { ANN, CONFIG, COURIER, makeCart, makeCartLine, makeQuote, PICKUP } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { ConfirmOrderModal } from './confirm-order-modal';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const draft = { partId: '7', partName: 'Brake Pads', quantity: 4 };
const buyer = { name: 'Ann Lee', email: 'ann@example.com' };
const alone = makeCart([makeCartLine({ partId: '7', partName: 'Brake Pads', unitPrice: 12.5, quantity: 4 })]);
/** The part alone by courier: $9.50, and 6.25% tax on goods and shipping. */
const byCourier = makeQuote(alone, COURIER, { tax: 3.72, taxName: 'IL sales tax', taxRatePercent: 6.25, total: 50 + 9.5 + 3.72 });

/** Where the app is, so a test sees where the modal led. */
function CurrentUrl() {
  return <output data-testid="url">{useLocation().pathname}</output>;
}

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const quotes: CheckoutQuoteRequest[] = [];
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'POST /api/checkout/quote': (body) => {
      const request = body as CheckoutQuoteRequest;
      quotes.push(request);
      return { body: request.deliveryMethod === COURIER.id ? byCourier : makeQuote(alone) };
    },
    'POST /api/checkout': { status: 201, body: { success: true, insertedId: '42', booking: { _id: '42' } } },
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <ConfirmOrderModal
        open
        draft={draft}
        buyer={buyer}
        onClose={onClose}
        renderAddressChooser={({ value, onChange }) => (
          <button type="button" onClick={() => onChange('12')}>
            {value ? `Address ${value} chosen` : 'Choose address 12'}
          </button>
        )}
      />
      <CurrentUrl />
    </>,
    { url: '/purchase/7', signedInAs: ANN },
  );
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Place order' }));
  return { ...view, onClose, submit, fetchMock, quotes };
}

describe('ConfirmOrderModal', () => {
  it('is a dialog titled Confirm Order with the order and the buyer, name and e-mail read-only', async () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Confirm Order' })).toBeInTheDocument();
    expect(await screen.findByText('4 × Brake Pads')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$50.00');
  });

  it('prices this part alone, not the cart, and starts with counter pickup', async () => {
    const { quotes } = setup();
    expect(await screen.findByRole('radio', { name: 'Counter pickup Free' })).toBeChecked();
    expect(quotes[0]).toEqual({ deliveryMethod: 'pickup', lines: [{ partId: '7', quantity: 4 }] });
  });

  it('offers delivery: an address first, then shipping, tax and the total before the order is placed', async () => {
    const { user, submit, fetchMock } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Courier $9.50' }));
    expect(screen.getByText('Choose a delivery address to see the delivery price, tax and total.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Choose address 12' }));
    expect(await screen.findByTestId('checkout-shipping')).toHaveTextContent('$9.50');
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$3.72');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$63.22');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await submit();
    await vi.waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/dashboard/payment/42'));
    expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({
      deliveryMethod: COURIER.id,
      addressId: '12',
      lines: [{ partId: '7', quantity: 4 }],
      expectedTotal: 63.22,
    });
  });

  it('places the order and goes straight on to its payment page', async () => {
    const { submit, onClose } = setup();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await screen.findByTestId('checkout-total');
    await submit();
    await vi.waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/dashboard/payment/42'));
    expect(notify.success).toHaveBeenCalledWith('Brake Pads, order placed');
    expect(onClose).toHaveBeenCalled();
  });

  it('does not require a phone: an empty one still places the order at the total shown', async () => {
    const { submit, onClose, fetchMock } = setup();
    await screen.findByTestId('checkout-total');
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Brake Pads, order placed'));
    expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({
      deliveryMethod: PICKUP.id,
      lines: [{ partId: '7', quantity: 4 }],
      expectedTotal: 50,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a phone when one is given, and refuses one that is not a number', async () => {
    const { user, submit, fetchMock } = setup();
    await screen.findByTestId('checkout-total');
    await user.type(screen.getByLabelText('Phone'), 'soon');
    await submit();
    expect(await screen.findByText('Provide a valid phone number')).toBeInTheDocument();
    expect(() => sentBody(fetchMock, 'POST', '/api/checkout')).toThrow();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+1 555 010 2000');
    await submit();
    await vi.waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({
        deliveryMethod: PICKUP.id,
        lines: [{ partId: '7', quantity: 4 }],
        expectedTotal: 50,
        phone: '+1 555 010 2000',
      }),
    );
  });

  it('sends the chosen vehicle with the order, for its lines to keep (D35)', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4' });
    const { submit, fetchMock } = setup();
    await screen.findByTestId('checkout-total');
    await submit();
    await vi.waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({
        deliveryMethod: PICKUP.id,
        lines: [{ partId: '7', quantity: 4 }],
        vehicle: '2014 Toyota Corolla 1.8L L4',
        expectedTotal: 50,
      }),
    );
  });

  it("shows the server's error message when the order fails (D5)", async () => {
    const { submit, onClose } = setup({ 'POST /api/checkout': { status: 409, body: { error: 'Not enough stock' } } });
    await screen.findByTestId('checkout-total');
    await submit();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Not enough stock'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
    // A refused order leads nowhere: the buyer stays on the part.
    expect(screen.getByTestId('url')).toHaveTextContent('/purchase/7');
  });
});
