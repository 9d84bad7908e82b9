import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANN, CONFIG } from '@/test/cart';
import type { User } from '@/lib/auth';
import { mockApi, renderWithProviders } from '@/test/render';
import { makeReturn, POLICY } from '@/test/returns';
import { MyReturns } from './my-returns';

const RETURNS = [
  makeReturn({ _id: '14', number: 'RMA-14', state: 'approved', reason: 'faulty' }),
  makeReturn({ _id: '13', number: 'RMA-13', bookingId: '8', state: 'rejected', reason: 'orderedByMistake' }),
  makeReturn({ state: 'refunded', refundId: 're_1' }),
];

function setup(routes: Parameters<typeof mockApi>[0] = {}, who: User = ANN) {
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'GET /api/return-policy': { body: POLICY },
    'GET /api/returns': { body: RETURNS, headers: { 'X-Total-Count': '3' } },
    ...routes,
  });
  renderWithProviders(<MyReturns />, { signedInAs: who });
  return fetchMock;
}

/** The card of a return, by its number. */
async function card(number: string) {
  const list = within(await screen.findByRole('list', { name: 'Returns' }));
  return within(list.getByRole('heading', { name: number }).closest('li')!);
}

describe('My Returns', () => {
  it('lists each return with its order, state in words, reason, parts and refund, leading to its page', async () => {
    setup();
    const approved = await card('RMA-14');
    expect(approved.getByText(/^Order #9 ·/)).toBeInTheDocument();
    expect(approved.getByText('Status: Approved – send it back')).toBeInTheDocument();
    expect(approved.getByText('Reason: Faulty')).toBeInTheDocument();
    expect(approved.getByText('2 × Brake Pads')).toBeInTheDocument();
    expect(approved.getByText(/Expected refund/)).toHaveTextContent('Expected refund: $23.25');
    expect(approved.getByRole('link', { name: 'Details of return RMA-14' })).toHaveAttribute('href', '/dashboard/returns/14');

    const rejected = await card('RMA-13');
    expect(rejected.getByText('Status: Rejected')).toBeInTheDocument();
    expect(rejected.getByText('Reason: Ordered by mistake')).toBeInTheDocument();
    expect(rejected.queryByText(/refund/i)).not.toBeInTheDocument();

    expect((await card('RMA-12')).getByText(/^Refunded:/)).toHaveTextContent('Refunded: $23.25');
    expect(screen.getByText(/^Returns accepted within 30 days/)).toBeInTheDocument();
  });

  it('asks for the newest returns', async () => {
    const fetchMock = setup();
    await card('RMA-14');
    const url = new URL(String(fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/returns'))![0]), 'http://shop.test');
    expect(url.search).toBe('?limit=100&offset=0');
  });

  it('says how to return parts when there are none yet', async () => {
    setup({ 'GET /api/returns': { body: [], headers: { 'X-Total-Count': '0' } } });
    expect(await screen.findByText('You have not returned anything.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/dashboard/order');
  });
});
