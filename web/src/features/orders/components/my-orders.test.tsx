import { screen, within } from '@testing-library/react';
import { formatDeadline } from '../hold';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder, PICKUP } from '@/test/orders';
import { mockApi, renderWithProviders } from '@/test/render';
import type { Order } from '../types';
import { MyOrders } from './my-orders';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: true };
const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

const base = makeOrder({ _id: '1' });

const orders: Order[] = [
  { ...base, tax: 3.09, total: 40.59 },
  { ...base, _id: '2', partName: 'Oil Filter', paid: true, transactionId: 'pi_ship', status: 'shipped', paymentStatus: 'paid', fulfilmentStatus: 'shipped' },
  { ...base, _id: '3', partName: 'Spark Plug', paid: true, transactionId: 'pi_done', status: 'shipped', paymentStatus: 'paid', fulfilmentStatus: 'delivered' },
  { ...base, _id: '4', partName: 'Wiper Blade', transactionId: 'pi_back', status: 'cancelled', paymentStatus: 'refunded', fulfilmentStatus: 'cancelled' },
  { ...base, _id: '5', partName: 'Air Filter', status: 'cancelled', fulfilmentStatus: 'cancelled' },
];

/** The "Pay by ... to keep it" line in `scope` (its time is an element of its own). */
function payByLine(scope: ReturnType<typeof within>) {
  return scope.queryByText((_: string, element: Element | null) => element?.tagName === 'P' && /^Pay by .+ to keep it$/.test(element.textContent ?? ''));
}

/** The table row of the order for `part` (the phone cards repeat it; jsdom shows both). */
async function row(part: string) {
  const table = await screen.findByRole('table');
  const found = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(part) !== null);
  if (!found) throw new Error(`no row for ${part}`);
  return within(found);
}

describe('My Orders', () => {
  it("shows each order's payment and fulfilment badges, with Pay and Cancel only for open unpaid orders", async () => {
    mockApi({ 'GET /api/config': { body: config }, 'GET /api/booking': { body: orders } });
    renderWithProviders(<MyOrders buyer={ann.email} />, { signedInAs: ann });

    const open = await row('Brake Pads');
    expect(open.getByText('Unpaid')).toBeInTheDocument();
    expect(open.getByText('Awaiting payment')).toBeInTheDocument();
    expect(open.getByRole('link', { name: 'Pay for Brake Pads' })).toHaveAttribute('href', '/dashboard/payment/1');
    expect(open.getByRole('button', { name: 'Cancel order for Brake Pads' })).toBeInTheDocument();

    const shipped = await row('Oil Filter');
    expect(shipped.getByText('Paid')).toBeInTheDocument();
    expect(shipped.getByText('Shipped')).toBeInTheDocument();
    expect(shipped.getByText('Transaction id: pi_ship')).toBeInTheDocument();
    expect(shipped.queryByRole('link')).not.toBeInTheDocument();
    expect(shipped.queryByRole('button')).not.toBeInTheDocument();

    const delivered = await row('Spark Plug');
    expect(delivered.getByText('Paid')).toBeInTheDocument();
    expect(delivered.getByText('Delivered')).toBeInTheDocument();

    const refunded = await row('Wiper Blade');
    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(refunded.getByText('Cancelled')).toBeInTheDocument();
    expect(refunded.queryByRole('button')).not.toBeInTheDocument();

    const cancelled = await row('Air Filter');
    // Cancelled before it was paid: nothing is owed, so no warning-coloured "Unpaid".
    expect(cancelled.getByText('Not charged')).toHaveClass('badge-ghost');
    expect(cancelled.queryByText('Unpaid')).not.toBeInTheDocument();
    expect(cancelled.getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled.queryByRole('link')).not.toBeInTheDocument();
    expect(cancelled.queryByRole('button')).not.toBeInTheDocument();
  });

  it('numbers each order as the staff see it, and on phones says what each badge is', async () => {
    mockApi({ 'GET /api/config': { body: config }, 'GET /api/booking': { body: orders } });
    renderWithProviders(<MyOrders buyer={ann.email} />, { signedInAs: ann });

    expect((await row('Brake Pads')).getByText('#1')).toBeInTheDocument();
    expect((await row('Oil Filter')).getByText('#2')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Orders' }));
    const card = within(cards.getByText('Oil Filter').closest('li')!);
    expect(card.getByText(/^Order #2 ·/)).toBeInTheDocument();
    expect(card.getByText('Payment: Paid')).toBeInTheDocument();
    expect(card.getByText('Status: Shipped')).toBeInTheDocument();
    const refunded = within(cards.getByText('Wiper Blade').closest('li')!);
    expect(refunded.getByText('Payment: Refunded')).toBeInTheDocument();
    expect(refunded.getByText('Status: Cancelled')).toBeInTheDocument();
    // The card's sums read as the invoice's: goods, shipping and tax add up to the total shown.
    const taxed = within(cards.getByText('Brake Pads').closest('li')!);
    expect(taxed.getByText('3 × $12.50')).toBeInTheDocument();
    expect(
      taxed
        .getAllByRole('definition')
        .slice(0, 4)
        .map((figure) => figure.textContent),
    ).toEqual(['$37.50', '$0.00', '$3.09', '$40.59']);
    // The table's columns say it already: its badges are the bare words.
    expect((await row('Oil Filter')).queryByText(/Payment:|Status:/)).not.toBeInTheDocument();
  });

  it('says why each cancelled order was cancelled, in the buyer\'s words', async () => {
    const cancelled = { status: 'cancelled', fulfilmentStatus: 'cancelled', holdExpiresAt: null } as const;
    mockApi({
      'GET /api/config': { body: config },
      'GET /api/booking': {
        body: [
          { ...base, ...cancelled, _id: '1', partName: 'Brake Pads', cancelReason: 'expired' },
          { ...base, ...cancelled, _id: '2', partName: 'Oil Filter', cancelReason: 'buyer' },
          { ...base, ...cancelled, _id: '3', partName: 'Spark Plug', cancelReason: 'admin' },
          // An answer from before the field: no reason shown.
          { ...base, ...cancelled, _id: '4', partName: 'Air Filter' },
          { ...base, _id: '5', partName: 'Wiper Blade', cancelReason: null },
        ],
      },
    });
    renderWithProviders(<MyOrders buyer={ann.email} />, { signedInAs: ann });

    expect((await row('Brake Pads')).getByText('Not paid in time')).toBeInTheDocument();
    expect((await row('Oil Filter')).getByText('Cancelled by you')).toBeInTheDocument();
    expect((await row('Spark Plug')).getByText('Cancelled by the shop')).toBeInTheDocument();
    const older = await row('Air Filter');
    expect(older.getByText('Cancelled')).toBeInTheDocument();
    expect(older.queryByText(/Not paid|Cancelled by/)).not.toBeInTheDocument();
    expect((await row('Wiper Blade')).queryByText(/Not paid|Cancelled by/)).not.toBeInTheDocument();
  });

  it('tells by when to pay an unpaid order to keep it, beside its Pay button', async () => {
    const holdExpiresAt = '2026-01-02T10:30:00Z';
    mockApi({
      'GET /api/config': { body: config },
      'GET /api/booking': {
        body: [
          { ...base, _id: '1', partName: 'Brake Pads', holdExpiresAt, cancelReason: null },
          { ...base, _id: '2', partName: 'Oil Filter' },
          { ...base, _id: '3', partName: 'Spark Plug', paid: true, transactionId: 'pi_1', status: 'paid', paymentStatus: 'paid', holdExpiresAt: null },
        ],
      },
    });
    renderWithProviders(<MyOrders buyer={ann.email} />, { signedInAs: ann });

    const held = await row('Brake Pads');
    const line = payByLine(held)!;
    expect(line).toHaveTextContent(`Pay by ${formatDeadline(new Date(holdExpiresAt))} to keep it`);
    expect(within(line).getByText(formatDeadline(new Date(holdExpiresAt)))).toHaveAttribute('datetime', '2026-01-02T10:30:00.000Z');
    expect(line.parentElement).toContainElement(held.getByRole('link', { name: 'Pay for Brake Pads' }));
    // Without a hold time (an older answer), or once paid, no such line.
    expect(payByLine(await row('Oil Filter'))).not.toBeInTheDocument();
    expect(payByLine(await row('Spark Plug'))).not.toBeInTheDocument();
  });

  it('asks for the orders again when a hold runs out, and shows the order released', async () => {
    const holdExpiresAt = new Date(Date.now() + 1500).toISOString();
    const answers = [
      [{ ...base, holdExpiresAt, cancelReason: null }],
      [{ ...base, status: 'cancelled', fulfilmentStatus: 'cancelled', holdExpiresAt: null, cancelReason: 'expired' }],
    ];
    mockApi({ 'GET /api/config': { body: config }, 'GET /api/booking': () => ({ body: answers.length > 1 ? answers.shift() : answers[0] }) });
    renderWithProviders(<MyOrders buyer={ann.email} />, { signedInAs: ann });

    expect(payByLine(await row('Brake Pads'))).toBeInTheDocument();
    expect(await screen.findAllByText('Not paid in time', {}, { timeout: 8000 })).not.toHaveLength(0);
    const released = await row('Brake Pads');
    expect(payByLine(released)).not.toBeInTheDocument();
    expect(released.queryByRole('link', { name: 'Pay for Brake Pads' })).not.toBeInTheDocument();
  }, 15_000);

  it('offers Return items for a delivered or collected order only, and says when returns refunded part of one', async () => {
    mockApi({
      'GET /api/config': { body: config },
      'GET /api/booking': {
        body: [
          { ...orders[2]!, total: 37.5, refundedAmount: 12.5 },
          { ...orders[2]!, _id: '6', partName: 'Air Filter', ...PICKUP, total: 37.5, refundedAmount: 0 },
          orders[1]!,
          orders[3]!,
        ],
      },
    });
    renderWithProviders(<MyOrders buyer={ann.email} />, { signedInAs: ann });

    const delivered = await row('Spark Plug');
    expect(delivered.getByRole('link', { name: 'Return items from order #3' })).toHaveAttribute('href', '/dashboard/returns/new/3');
    expect(delivered.getByText('Partly refunded')).toBeInTheDocument();
    const collected = await row('Air Filter');
    expect(collected.getByRole('link', { name: 'Return items from order #6' })).toHaveAttribute('href', '/dashboard/returns/new/6');
    expect(collected.getByText('Paid')).toBeInTheDocument();
    expect((await row('Oil Filter')).queryByRole('link', { name: /Return items/ })).not.toBeInTheDocument();
    expect((await row('Wiper Blade')).queryByRole('link', { name: /Return items/ })).not.toBeInTheDocument();
    // The phone cards say the same.
    const cards = within(screen.getByRole('list', { name: 'Orders' }));
    expect(within(cards.getByText('Spark Plug').closest('li')!).getByText('Payment: Partly refunded')).toBeInTheDocument();
  });

  it('shows the carrier and tracking number of a shipped order when the shop has them', async () => {
    const withTracking: Order[] = [
      { ...orders[1]!, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { ...orders[2]!, carrier: null, trackingNumber: 'ONLY-TRACK' },
      orders[0]!,
    ];
    mockApi({ 'GET /api/config': { body: config }, 'GET /api/booking': { body: withTracking } });
    renderWithProviders(<MyOrders buyer={ann.email} />, { signedInAs: ann });

    const shipped = await row('Oil Filter');
    expect(shipped.getByText('Carrier: UPS')).toBeInTheDocument();
    expect(shipped.getByText('Tracking number: 1Z999AA10123456784')).toBeInTheDocument();
    const delivered = await row('Spark Plug');
    expect(delivered.getByText('Tracking number: ONLY-TRACK')).toBeInTheDocument();
    expect(delivered.queryByText(/Carrier/)).not.toBeInTheDocument();
    expect((await row('Brake Pads')).queryByText(/Carrier|Tracking/)).not.toBeInTheDocument();
    // The phone cards say the same.
    expect(screen.getAllByText('Carrier: UPS')).toHaveLength(2);
  });
});
