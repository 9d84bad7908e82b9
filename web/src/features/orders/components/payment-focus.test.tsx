import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/test/orders';
import { mockApi, renderWithProviders } from '@/test/render';
import type { Order } from '../types';
import { OrderPayment } from './order-payment';

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: true };
const order = makeOrder();
const paidOrder: Order = { ...order, paid: true, status: 'paid', paymentStatus: 'paid', transactionId: 'pi_abc' };

describe('focus after paying', () => {
  it('moves to the message saying the payment is completed, not to the page', async () => {
    mockApi({
      'GET /api/booking/9': { body: order },
      'GET /api/config': { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } },
      'POST /api/create-payment-intent': { body: { clientSecret: 'pi_abc_secret_xyz', amount: 3750, currency: 'usd' } },
      'POST /api/test-payments/confirm': { body: { paymentIntent: { id: 'pi_abc', status: 'succeeded' } } },
      'PATCH /api/booking/9': { body: paidOrder },
    });
    const { user } = renderWithProviders(<OrderPayment orderId="9" />, { signedInAs: ann });
    const year = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry'), `12${year}`);
    await user.type(screen.getByLabelText('CVC'), '123');
    const pay = screen.getByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    // Paid from the keyboard: the button that had focus is then disabled.
    pay.focus();
    await user.keyboard('{Enter}');

    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent('Congrats! Your Payment is completed.');
    await vi.waitFor(() => expect(message).toHaveFocus());
    expect(pay).toBeDisabled();
  });
});
