import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, renderWithProviders } from '@/test/render';
import type { FulfilmentStatus, Order, PaymentStatus } from '../types';
import { ManageOrders } from './manage-orders';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const admin = { email: 'admin@example.com', name: 'Admin', role: 'admin' as const, emailVerified: true };
const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

function makeOrder(id: string, paymentStatus: PaymentStatus, fulfilmentStatus: FulfilmentStatus): Order {
  const status =
    fulfilmentStatus === 'cancelled'
      ? 'cancelled'
      : fulfilmentStatus === 'pending'
        ? paymentStatus === 'paid'
          ? 'paid'
          : 'unpaid'
        : 'shipped';
  return {
    _id: id,
    partId: `p${id}`,
    partName: `Part ${id}`,
    price: 37.5,
    unitPrice: 12.5,
    quantity: 3,
    partOrder: 3,
    buyer: `buyer${id}@example.com`,
    buyerName: `Buyer ${id}`,
    paid: paymentStatus === 'paid',
    transactionId: paymentStatus === 'unpaid' ? null : `pi_${id}`,
    status,
    paymentStatus,
    fulfilmentStatus,
    createdAt: '2026-01-02T10:00:00Z',
    updatedAt: '2026-01-02T10:00:00Z',
    deliveryMethod: { id: '3', name: 'Courier' },
  };
}

const ORDERS = [
  makeOrder('6', 'unpaid', 'pending'),
  makeOrder('5', 'paid', 'pending'),
  makeOrder('4', 'paid', 'shipped'),
  makeOrder('3', 'paid', 'delivered'),
  makeOrder('2', 'unpaid', 'cancelled'),
  makeOrder('1', 'refunded', 'cancelled'),
];

type Routes = Parameters<typeof mockApi>[0];

function setup(routes: Routes = {}, url = '/dashboard/manage-orders') {
  const fetchMock = mockApi({
    'GET /api/config': { body: config },
    'GET /api/admin/orders': { body: ORDERS, headers: { 'X-Total-Count': String(ORDERS.length) } },
    ...routes,
  });
  const view = renderWithProviders(<ManageOrders />, { url, path: '/dashboard/manage-orders', signedInAs: admin });
  return { ...view, fetchMock };
}

/** The table row of an order (the phone cards repeat it; jsdom shows both). */
async function row(id: string) {
  const table = await screen.findByRole('table');
  const found = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(`#${id}`) !== null);
  if (!found) throw new Error(`no row for order #${id}`);
  return within(found);
}

/** The query strings of the GET /api/admin/orders calls, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://shop.test'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === '/api/admin/orders')
    .map(({ url }) => url.searchParams);
}

function buttonNames(scope: ReturnType<typeof within>): string[] {
  return scope.queryAllByRole('button').map((button: HTMLElement) => button.textContent ?? '');
}

beforeEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('Manage Orders', () => {
  it('lists every order with its buyer, part, quantity, total and both badges', async () => {
    const { fetchMock } = setup();
    const order = await row('5');
    expect(order.getByText('Buyer 5')).toBeInTheDocument();
    expect(order.getByText('buyer5@example.com')).toBeInTheDocument();
    expect(order.getByText('Part 5')).toBeInTheDocument();
    expect(order.getByText('3')).toBeInTheDocument();
    expect(order.getByText('$37.50')).toBeInTheDocument();
    expect(order.getByText('Paid')).toBeInTheDocument();
    // Paid and not yet sent: "Being prepared", never a "Pending" that reads as the payment's.
    expect(order.getByText('Being prepared')).toBeInTheDocument();
    expect((await row('1')).getByText('Refunded')).toBeInTheDocument();
    expect((await row('1')).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('1–6 of 6 orders')).toBeInTheDocument();

    const [query] = listQueries(fetchMock);
    expect(query?.toString()).toBe('limit=20&offset=0');
  });

  it('on phones, gives each order its number and says what each badge is', async () => {
    setup();
    const cards = within(await screen.findByRole('list', { name: 'Orders' }));
    const card = within(cards.getByText('Part 4').closest('li')!);
    expect(card.getByRole('link', { name: 'Order #4, details' })).toHaveTextContent('#4');
    expect(card.getByText('Payment: Paid')).toBeInTheDocument();
    expect(card.getByText('Status: Shipped')).toBeInTheDocument();
    expect((await row('4')).queryByText(/Payment:|Status:/)).not.toBeInTheDocument();
  });

  it('shows only the buttons each state allows', async () => {
    setup();
    expect(buttonNames(await row('6'))).toEqual(['Cancel']);
    expect(buttonNames(await row('5'))).toEqual(['Ship', 'Refund']);
    expect(buttonNames(await row('4'))).toEqual(['Deliver']);
    expect(buttonNames(await row('3'))).toEqual([]);
    expect(buttonNames(await row('2'))).toEqual([]);
    expect(buttonNames(await row('1'))).toEqual([]);
  });

  it('ships an order after confirmation, says so and refreshes the list', async () => {
    let shipped = false;
    const shipCall = vi.fn();
    const { user } = setup({
      'GET /api/admin/orders': () => ({
        body: shipped ? ORDERS.map((o) => (o._id === '5' ? { ...o, status: 'shipped', fulfilmentStatus: 'shipped' } : o)) : ORDERS,
        headers: { 'X-Total-Count': '6' },
      }),
      'POST /api/admin/orders/5/ship': (body) => {
        shipCall(body);
        shipped = true;
        return { body: { ...ORDERS[1], status: 'shipped', fulfilmentStatus: 'shipped' } };
      },
    });

    await user.click((await row('5')).getByRole('button', { name: 'Ship order #5' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship this order?' });
    expect(dialog).toHaveTextContent('Part 5');
    expect(shipCall).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Ship Order' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #5 is shipped.'));
    expect(shipCall).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => expect(buttonNames(await row('5'))).toEqual(['Deliver']));
    expect((await row('5')).getByText('Shipped')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is closed with Back', async () => {
    const { user, fetchMock } = setup();
    await user.click((await row('6')).getByRole('button', { name: 'Cancel order #6' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('back into stock');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it.each([
    ['6', 'Cancel', 'cancel', 'Cancel this order?', 'Cancel Order', 'Order #6 is cancelled; its parts are back in stock.'],
    ['5', 'Refund', 'refund', 'Refund this order?', 'Refund Order', 'Order #5 is refunded; its parts are back in stock.'],
    ['4', 'Deliver', 'deliver', 'Mark this order delivered?', 'Mark Delivered', 'Order #4 is delivered.'],
  ])('order #%s: %s calls its move after confirmation', async (id, button, move, title, confirm, message) => {
    const moveCall = vi.fn();
    const { user } = setup({
      [`POST /api/admin/orders/${id}/${move}`]: () => {
        moveCall();
        return { body: ORDERS.find((o) => o._id === id) };
      },
    });
    await user.click((await row(id)).getByRole('button', { name: `${button} order #${id}` }));
    await user.click(within(screen.getByRole('dialog', { name: title })).getByRole('button', { name: confirm }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(message));
    expect(moveCall).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when a move is refused", async () => {
    const { user } = setup({
      'POST /api/admin/orders/5/ship': { status: 409, body: { error: 'Only a paid order can be shipped' } },
    });
    await user.click((await row('5')).getByRole('button', { name: 'Ship order #5' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ship Order' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Only a paid order can be shipped'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('filters by state through the labelled control, from the first page', async () => {
    const { user, fetchMock } = setup({}, '/dashboard/manage-orders?page=2');
    await row('5');
    expect(listQueries(fetchMock).at(-1)?.get('offset')).toBe('20');

    await user.selectOptions(screen.getByLabelText('Show orders'), 'Paid, to ship');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('status')).toBe('paid'));
    expect(listQueries(fetchMock).at(-1)?.get('offset')).toBe('0');

    await user.selectOptions(screen.getByLabelText('Show orders'), 'Refunded');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('payment')).toBe('refunded'));
    expect(listQueries(fetchMock).at(-1)?.has('status')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Show orders'), 'Shipped');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('fulfilment')).toBe('shipped'));
  });

  it('says so when no order is in the chosen state', async () => {
    setup({ 'GET /api/admin/orders': { body: [], headers: { 'X-Total-Count': '0' } } }, '/dashboard/manage-orders?state=delivered');
    expect(await screen.findByText('No orders in this state.')).toBeInTheDocument();
    expect(screen.getByLabelText('Show orders')).toHaveValue('delivered');
  });

  it('pages through the orders with the total from X-Total-Count', async () => {
    const { user, fetchMock } = setup({
      'GET /api/admin/orders': { body: ORDERS, headers: { 'X-Total-Count': '45' } },
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)?.get('offset')).toBe('20');
    expect(listQueries(fetchMock).at(-1)?.get('limit')).toBe('20');
  });

  it('shows a failed load with a way to try again', async () => {
    setup({ 'GET /api/admin/orders': { status: 500, body: { error: 'The database is not answering' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says why each cancelled order was cancelled, in the staff\'s words', async () => {
    const cancelled = (id: string, cancelReason: Order['cancelReason']) => ({ ...makeOrder(id, 'unpaid', 'cancelled'), cancelReason, holdExpiresAt: null });
    const orders = [
      cancelled('4', 'expired'),
      cancelled('3', 'buyer'),
      cancelled('2', 'admin'),
      // An answer from before the field: no reason shown.
      makeOrder('1', 'unpaid', 'cancelled'),
      { ...makeOrder('5', 'unpaid', 'pending'), cancelReason: null, holdExpiresAt: '2026-01-02T10:30:00Z' },
    ];
    setup({ 'GET /api/admin/orders': { body: orders, headers: { 'X-Total-Count': String(orders.length) } } });
    expect((await row('4')).getByText('Not paid in time')).toBeInTheDocument();
    expect((await row('3')).getByText('Cancelled by the buyer')).toBeInTheDocument();
    expect((await row('2')).getByText('Cancelled by the shop')).toBeInTheDocument();
    expect((await row('1')).getByText('Cancelled')).toBeInTheDocument();
    expect((await row('1')).queryByText(/Not paid|Cancelled by/)).not.toBeInTheDocument();
    expect((await row('5')).queryByText(/Not paid|Cancelled by/)).not.toBeInTheDocument();
    // The phone cards say the same.
    const cards = within(screen.getByRole('list', { name: 'Orders' }));
    expect(cards.getByText('Not paid in time')).toBeInTheDocument();
    expect(cards.getByText('Cancelled by the buyer')).toBeInTheDocument();
    expect(cards.getByText('Cancelled by the shop')).toBeInTheDocument();
  });

  it('ships with the carrier and tracking number typed, trimmed', async () => {
    const shipCall = vi.fn();
    const { user } = setup({
      'POST /api/admin/orders/5/ship': (body) => {
        shipCall(body);
        return { body: { ...ORDERS[1], status: 'shipped', fulfilmentStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } };
      },
    });
    await user.click((await row('5')).getByRole('button', { name: 'Ship order #5' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ship this order?' }));
    expect(dialog.getByLabelText('Carrier')).toHaveFocus();
    await user.type(dialog.getByLabelText('Carrier'), ' UPS ');
    await user.type(dialog.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(dialog.getByRole('button', { name: 'Ship Order' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #5 is shipped.'));
    expect(shipCall).toHaveBeenCalledWith({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });

  it('sends only the detail given, and no body without any', async () => {
    const shipCall = vi.fn();
    const { user } = setup({
      'POST /api/admin/orders/5/ship': (body) => {
        shipCall(body);
        return { body: { ...ORDERS[1], status: 'shipped', fulfilmentStatus: 'shipped' } };
      },
    });
    await user.click((await row('5')).getByRole('button', { name: 'Ship order #5' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Tracking number'), 'TRACK-1');
    await user.type(dialog.getByLabelText('Carrier'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Ship Order' }));
    await waitFor(() => expect(shipCall).toHaveBeenCalledWith({ trackingNumber: 'TRACK-1' }));
  });

  it('refuses a carrier or tracking number over 60 characters before sending', async () => {
    const { user, fetchMock } = setup();
    await user.click((await row('5')).getByRole('button', { name: 'Ship order #5' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Carrier'), 'C'.repeat(61));
    await user.type(dialog.getByLabelText('Tracking number'), 'T'.repeat(61));
    await user.click(dialog.getByRole('button', { name: 'Ship Order' }));
    expect(await dialog.findByText('Carrier must be at most 60 characters')).toBeInTheDocument();
    expect(dialog.getByText('Tracking number must be at most 60 characters')).toBeInTheDocument();
    expect(dialog.getByLabelText('Carrier')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("keeps the dialog open with the shop's word under a refused detail", async () => {
    const { user } = setup({
      'POST /api/admin/orders/5/ship': {
        status: 400,
        body: { error: 'Tracking number must be at most 60 characters', fields: { trackingNumber: 'Tracking number must be at most 60 characters' } },
      },
    });
    await user.click((await row('5')).getByRole('button', { name: 'Ship order #5' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Tracking number'), 'TRACK-1');
    await user.click(dialog.getByRole('button', { name: 'Ship Order' }));
    expect(await dialog.findByText('Tracking number must be at most 60 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says "Partly refunded" of an order that returns refunded some of, never of one refunded in full', async () => {
    const orders = [
      { ...makeOrder('3', 'paid', 'delivered'), total: 37.5, refundedAmount: 12.5 },
      { ...makeOrder('2', 'paid', 'delivered'), total: 37.5, refundedAmount: 0 },
      { ...makeOrder('1', 'refunded', 'delivered'), total: 37.5, refundedAmount: 37.5 },
    ];
    setup({ 'GET /api/admin/orders': { body: orders, headers: { 'X-Total-Count': '3' } } });
    expect((await row('3')).getByText('Partly refunded')).toBeInTheDocument();
    expect((await row('2')).getByText('Paid')).toBeInTheDocument();
    expect((await row('1')).getByText('Refunded')).toBeInTheDocument();
    expect(buttonNames(await row('3'))).toEqual([]);
  });

  it('shows the carrier and tracking number of a shipped order', async () => {
    const orders = [{ ...makeOrder('4', 'paid', 'shipped'), carrier: 'DHL', trackingNumber: 'JD0146' }, makeOrder('3', 'paid', 'delivered')];
    setup({ 'GET /api/admin/orders': { body: orders, headers: { 'X-Total-Count': '2' } } });
    expect((await row('4')).getByText('Carrier: DHL')).toBeInTheDocument();
    expect((await row('4')).getByText('Tracking number: JD0146')).toBeInTheDocument();
    expect((await row('3')).queryByText(/Carrier|Tracking/)).not.toBeInTheDocument();
  });

  it('makes a pickup order ready at the counter and then collected, in words, without asking for a carrier (D37)', async () => {
    const pickup = (id: string, fulfilment: FulfilmentStatus) => ({ ...makeOrder(id, 'paid', fulfilment), deliveryMethod: { id: 'pickup', name: 'Counter pickup' } });
    const orders = [pickup('8', 'pending'), pickup('7', 'shipped')];
    const { user, fetchMock } = setup({
      'GET /api/admin/orders': { body: orders, headers: { 'X-Total-Count': '2' } },
      'POST /api/admin/orders/8/ship': { body: pickup('8', 'shipped') },
    });
    const collected = await row('7');
    expect(collected.getByText('Ready to collect')).toBeInTheDocument();
    expect(collected.getByRole('button', { name: 'Collected order #7' })).toBeInTheDocument();
    const ready = await row('8');
    expect(ready.getByText('Counter pickup')).toBeInTheDocument();
    await user.click(ready.getByRole('button', { name: 'Ready to collect order #8' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ready to collect?' }));
    expect(dialog.queryByLabelText(/Carrier/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Mark Ready' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #8 is ready to collect.'));
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/admin/orders/8/ship' && init?.method === 'POST')).toBe(true);
  });
});
