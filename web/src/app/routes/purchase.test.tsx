import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { saveVehicle } from '@/lib/vehicle';
import { makeCart, makeCartLine, makeQuote } from '@/test/cart';
import { makePart } from '@/test/parts';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import PurchaseRoute from './purchase';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const part = makePart({ _id: '5', name: 'Serpentine Belt', price: 20, availableQuantity: 7, minimumOrder: 5 });
const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: true };
/** The Confirm Order modal is loaded on the first Purchase: on a busy machine that takes over a second. */
const MODAL_LOAD_MS = 5000;

function setup(overrides: Partial<typeof part> = {}, routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/part/5': { body: { ...part, ...overrides } },
    'GET /api/config': { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } },
    'GET /api/shipping-methods': { body: { counter: null, methods: [] } },
    'POST /api/checkout/quote': (body) => {
      const { lines } = body as { lines: { partId: string; quantity: number }[] };
      return { body: makeQuote(makeCart([makeCartLine({ partId: '5', partName: 'Serpentine Belt', unitPrice: 20, quantity: lines[0]!.quantity })])) };
    },
    'POST /api/checkout': { status: 201, body: { success: true, insertedId: '1', booking: {} } },
    ...routes,
  });
  const view = renderWithProviders(<PurchaseRoute />, { url: '/purchase/5', path: '/purchase/:id', signedInAs: ann });
  return { ...view, fetchMock };
}

describe('purchase page quantity (D1)', () => {
  it('starts at the minimum order and keeps + and - inside [minimum, stock] without saving anything', async () => {
    const { user, fetchMock } = setup();
    const input = await screen.findByLabelText('Order quantity');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(input).toHaveValue(5);
    expect(minus).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    expect(input).toHaveValue(7);
    await user.click(minus);
    expect(input).toHaveValue(6);
    // A click is the buyer's own choice: the part record is never written (no PUT, no POST).
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('orders the chosen quantity of this part alone through the Confirm Order modal, at the total it shows', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Order' }, { timeout: MODAL_LOAD_MS })).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('$120.00');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/checkout')).toEqual({ deliveryMethod: 'pickup', lines: [{ partId: '5', quantity: 6 }], expectedTotal: 120 }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the shop's message when it refuses the order for too many unpaid ones", async () => {
    const message = 'You have 10 unpaid orders; pay for or cancel one before ordering more.';
    const { user } = setup({}, { 'POST /api/checkout': { status: 409, body: { error: message } } });
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await screen.findByTestId('checkout-total', {}, { timeout: MODAL_LOAD_MS });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('cannot be ordered when the minimum order exceeds the stock', async () => {
    setup({ availableQuantity: 3 });
    expect(await screen.findByText(/Not enough stock to meet the minimum order/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeDisabled();
    expect(screen.queryByLabelText('Order quantity')).not.toBeInTheDocument();
  });
});

describe('purchase page fit', () => {
  it('says whether the part fits the chosen vehicle and lists its catalogue facts', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015 });
    setup({ sku: 'BLT-0005', oemNumbers: ['90916-02585'], category: 'Engine' });
    expect(await screen.findByText('Fits your 2015 Toyota Corolla')).toBeInTheDocument();
    expect(screen.getByText('BLT-0005')).toBeInTheDocument();
    expect(screen.getByText('90916-02585')).toBeInTheDocument();
    expect(screen.getByText('Toyota Corolla')).toBeInTheDocument();
  });

  it('says when the part is not listed for the chosen vehicle', async () => {
    saveVehicle({ make: 'Honda', model: 'Civic', year: 2018 });
    setup();
    expect(await screen.findByText('Not listed for your 2018 Honda Civic')).toBeInTheDocument();
  });

  it('says nothing about fit when no vehicle is chosen', async () => {
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Serpentine Belt' });
    expect(screen.queryByText(/your .* Corolla/)).not.toBeInTheDocument();
  });
});
