import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/test/orders';
import { mockApi, renderWithProviders } from '@/test/render';
import type { Order } from '../types';
import { MyOrders } from './my-orders';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const };
const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

const base = makeOrder({ _id: '1' });

const orders: Order[] = [
  base,
  { ...base, _id: '2', partName: 'Oil Filter', paid: true, transactionId: 'pi_ship', status: 'shipped', paymentStatus: 'paid', fulfilmentStatus: 'shipped' },
  { ...base, _id: '3', partName: 'Spark Plug', paid: true, transactionId: 'pi_done', status: 'shipped', paymentStatus: 'paid', fulfilmentStatus: 'delivered' },
  { ...base, _id: '4', partName: 'Wiper Blade', transactionId: 'pi_back', status: 'cancelled', paymentStatus: 'refunded', fulfilmentStatus: 'cancelled' },
  { ...base, _id: '5', partName: 'Air Filter', status: 'cancelled', fulfilmentStatus: 'cancelled' },
];

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
    expect(open.getByText('Pending')).toBeInTheDocument();
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
    expect(cancelled.getByText('Unpaid')).toBeInTheDocument();
    expect(cancelled.getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled.queryByRole('link')).not.toBeInTheDocument();
    expect(cancelled.queryByRole('button')).not.toBeInTheDocument();
  });
});
