import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { ADMIN, ANN, CONFIG } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { makeOrder } from '@/test/orders';
import { makeReturn } from '@/test/returns';
import type { ReturnView } from '../types';
import { ReturnDetails } from './return-details';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function setup(ret: ReturnView, viewer: 'buyer' | 'admin' = 'buyer', routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/returns/12': { body: ret }, ...routes });
  const view = renderWithProviders(<ReturnDetails id="12" viewer={viewer} />, { signedInAs: viewer === 'admin' ? ADMIN : ANN });
  return { ...view, fetchMock };
}

/** The refund's figures, in order: goods, tax, delivery, restocking fee, total. */
function figures(title: string): string[] {
  return within(screen.getByRole('region', { name: title }))
    .getAllByRole('definition')
    .map((figure) => figure.textContent ?? '');
}

/** The refund's rows by name, in order. */
function rowNames(title: string): string[] {
  return within(screen.getByRole('region', { name: title }))
    .getAllByRole('term')
    .map((term) => term.textContent ?? '');
}

/** Ann's core return RMA-12: the old alternator of order #9, for its $45.00 deposit. */
const ALTERNATOR = { position: 2, partId: '4', partName: 'Alternator', quantity: 1, unitPrice: 120, vehicle: null, coreCharge: 45 };
const coreReturn = (overrides: Partial<ReturnView> = {}) =>
  makeReturn({ reason: 'core', lines: [ALTERNATOR], refund: { goods: 0, tax: 0, delivery: 0, core: 45, fee: 0, total: 45 }, deduction: 0, ...overrides });

beforeEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('exchanging a part that did not fit', () => {
  it('finds parts for the vehicle, and links an order placed after the return to it', async () => {
    const before = makeOrder({ _id: '8', fulfilmentStatus: 'delivered', createdAt: '2026-02-01T10:00:00Z' });
    const after = makeOrder({ _id: '15', fulfilmentStatus: 'pending', createdAt: '2026-02-04T10:00:00Z' });
    const cancelled = makeOrder({ _id: '16', fulfilmentStatus: 'cancelled', createdAt: '2026-02-05T10:00:00Z' });
    const returned = makeOrder({ _id: '9', fulfilmentStatus: 'delivered', createdAt: '2026-01-20T10:00:00Z' });
    const { user, fetchMock } = setup(makeReturn(), 'buyer', {
      'GET /api/booking': { body: [cancelled, after, before, returned] },
      'POST /api/returns/12/exchange': { body: makeReturn({ exchangeOrderId: '15' }) },
    });
    const exchange = within(await screen.findByRole('region', { name: 'Exchange it for the part that fits' }));
    expect(exchange.getByRole('link', { name: 'Find parts for your 2014 Toyota Corolla' })).toHaveAttribute('href', '/parts?q=2014%20Toyota%20Corolla');
    const choose = await exchange.findByLabelText('The order that replaces it');
    // Only orders placed after the return, not cancelled, other than the returned one.
    expect(within(choose).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', '15']);
    await user.selectOptions(choose, '15');
    await user.click(exchange.getByRole('button', { name: 'Link order' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order #15 replaces the part of RMA-12.'));
    expect(sentBody(fetchMock, 'POST', '/api/returns/12/exchange')).toEqual({ orderId: '15' });
    expect(await screen.findByText(/Replaced by/)).toHaveTextContent('Replaced by order #15. The refund of the returned part is made once it is back with us.');
  });

  it('is not offered for another reason, nor once rejected', async () => {
    setup(makeReturn({ reason: 'faulty' }));
    await screen.findByRole('heading', { level: 1, name: 'Return RMA-12' });
    expect(screen.queryByRole('region', { name: /Exchange/ })).not.toBeInTheDocument();
  });
});

describe("The buyer's return page", () => {
  it('while requested: asks the buyer to wait, and shows the parts and the expected refund', async () => {
    setup(makeReturn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Return RMA-12' })).toBeInTheDocument();
    expect(screen.getByText('Status: Requested')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Waiting for our answer' })).toHaveTextContent('Please do not send anything back until it is approved.');
    expect(screen.getByRole('link', { name: 'Order #9, details' })).toHaveAttribute('href', '/dashboard/order/9');
    const parts = within(screen.getByRole('list', { name: 'Parts of return RMA-12' }));
    expect(parts.getByText('Brake Pads')).toBeInTheDocument();
    expect(parts.getByText('Ordered for: 2014 Toyota Corolla')).toBeInTheDocument();
    expect(parts.getByText('2 × $12.50')).toBeInTheDocument();
    expect(screen.getByText("Doesn't fit my vehicle")).toBeInTheDocument();
    expect(figures('Expected refund')).toEqual(['$25.00', '$2.00', '$0.00', '−$3.75', '$23.25']);
    expect(screen.getByRole('link', { name: 'Back to My Returns' })).toHaveAttribute('href', '/dashboard/returns');
  });

  it('once approved: the return number to write on the parcel and how to send it back, prominently', async () => {
    setup(makeReturn({ state: 'approved', instructions: 'Post it to:\nParts Garage, 1 Main St, Springfield' }));
    const panel = await screen.findByRole('region', { name: 'Approved – send it back' });
    expect(within(panel).getByText('RMA-12')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Write the return number RMA-12 on the parcel');
    expect(within(panel).getByRole('heading', { name: 'How to send it back' })).toBeInTheDocument();
    expect(within(panel).getByText(/Post it to:\s+Parts Garage, 1 Main St, Springfield/)).toBeInTheDocument();
    expect(screen.getByText('Status: Approved – send it back')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Expected refund' })).toBeInTheDocument();
  });

  it('once rejected: why, and no refund', async () => {
    setup(makeReturn({ state: 'rejected', rejection: 'The pads have been fitted and used.' }));
    const panel = await screen.findByRole('region', { name: 'Your return was not accepted' });
    expect(panel).toHaveTextContent('Why: The pads have been fitted and used.');
    expect(screen.getByText('Status: Rejected')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /refund/i })).not.toBeInTheDocument();
  });

  it('once refunded: the refund in figures', async () => {
    setup(makeReturn({ state: 'refunded', condition: 'resalable', refundId: 're_1' }));
    expect(await screen.findByRole('region', { name: 'Refunded' })).toHaveTextContent('$23.25 is refunded to the card you paid with.');
    expect(figures('Refund')).toEqual(['$25.00', '$2.00', '$0.00', '−$3.75', '$23.25']);
    expect(screen.queryByRole('region', { name: 'Expected refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a core return: the old part at its deposit, then the deposit less the deduction once refunded', async () => {
    setup(coreReturn());
    expect(await screen.findByText('Old part (core) for its deposit')).toBeInTheDocument();
    const parts = within(screen.getByRole('list', { name: 'Parts of return RMA-12' }));
    expect(parts.getByText('Alternator (old part)')).toBeInTheDocument();
    expect(parts.getByText('1 × $45.00 deposit')).toBeInTheDocument();
    expect(rowNames('Expected refund')).toEqual(['Core deposits', 'Total']);
    expect(figures('Expected refund')).toEqual(['$45.00', '$45.00']);
  });

  it('a core return refunded with a deduction: says what was taken off the deposit', async () => {
    setup(
      coreReturn({
        state: 'refunded',
        condition: 'damaged',
        refundId: 're_1',
        deduction: 5,
        refund: { goods: 0, tax: 0, delivery: 0, core: 45, fee: 5, total: 40 },
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Refunded' });
    expect(panel).toHaveTextContent('$40.00 is refunded to the card you paid with.');
    expect(panel).toHaveTextContent('We took $5.00 off the deposit for the state of the old part.');
    expect(rowNames('Refund')).toEqual(['Core deposits', 'Deduction', 'Total']);
    expect(figures('Refund')).toEqual(['$45.00', '−$5.00', '$40.00']);
  });

  it('a part sent back new gives its deposit back with it', async () => {
    setup(
      makeReturn({
        reason: 'noLongerNeeded',
        lines: [ALTERNATOR],
        refund: { goods: 120, tax: 9.6, delivery: 0, core: 45, fee: 18, total: 156.6 },
        deduction: 0,
      }),
    );
    expect(await screen.findByText('Core deposit $45.00 each, refunded with the part')).toBeInTheDocument();
    expect(rowNames('Expected refund')).toEqual(['Goods', 'Tax', 'Delivery', 'Core deposits', 'Restocking fee', 'Total']);
    expect(figures('Expected refund')).toEqual(['$120.00', '$9.60', '$0.00', '$45.00', '−$18.00', '$156.60']);
  });

  it('shows a return that is not theirs as not found, with the way back', async () => {
    setup(makeReturn(), 'buyer', { 'GET /api/returns/12': { status: 404, body: { error: 'Return not found' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Return not found');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Returns' })).toBeInTheDocument();
  });
});

describe("The staff's return page", () => {
  it('shows the buyer, the note and photo, and the moves the state allows', async () => {
    const { user, fetchMock } = setup(makeReturn({ note: 'Wrong size for the front.', image: '/api/images/pads.png' }), 'admin', {
      'POST /api/admin/returns/12/approve': { body: makeReturn({ state: 'approved', instructions: 'Bring it to the counter' }) },
    });
    expect(await screen.findByText('Status: Requested')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', expect.stringContaining('mailto:ann@example.com'));
    expect(screen.getByText('“Wrong size for the front.”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Photo of return RMA-12, opens in a new tab' })).toHaveAttribute('href', '/api/images/pads.png');
    expect(screen.getByRole('link', { name: 'Order #9, details' })).toHaveAttribute('href', '/dashboard/manage-orders/9');
    expect(screen.getByRole('link', { name: 'Back to Returns' })).toHaveAttribute('href', '/dashboard/manage-returns');

    await user.click(screen.getByRole('button', { name: 'Approve return RMA-12' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve this return?' })).getByRole('button', { name: 'Approve Return' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('RMA-12 is approved; the buyer is told how to send it back.'));
    expect(sentBody(fetchMock, 'POST', '/api/admin/returns/12/approve')).toEqual({});
  });

  it('a core return received: whether it can be rebuilt, the deduction, and that it puts no stock back', async () => {
    setup(
      coreReturn({ state: 'received', condition: 'damaged', deduction: 5, refund: { goods: 0, tax: 0, delivery: 0, core: 45, fee: 5, total: 40 } }),
      'admin',
    );
    const panel = await screen.findByRole('region', { name: 'Received' });
    expect(panel).toHaveTextContent('Came back: Cannot be rebuilt.');
    expect(panel).toHaveTextContent('A core puts no stock back: send it on to the rebuilder.');
    expect(panel).toHaveTextContent('Deduction from the deposit: $5.00.');
    expect(screen.getByText('Core return')).toBeInTheDocument();
    expect(figures('Expected refund')).toEqual(['$45.00', '−$5.00', '$40.00']);
  });
});
