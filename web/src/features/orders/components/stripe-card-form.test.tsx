import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/test/orders';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { OrderPayment } from './order-payment';

// Stripe.js itself is never fetched in unit tests: its loader and React components are stand-ins.
const stripe = vi.hoisted(() => ({
  card: { focus: () => undefined },
  confirmCardPayment: undefined as unknown as (...args: unknown[]) => Promise<unknown>,
  loadStripe: undefined as unknown as (key: string) => Promise<unknown>,
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => stripe.loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: true };
const order = makeOrder();

function setup() {
  stripe.loadStripe = vi.fn(async () => ({}));
  const fetchMock = mockApi({
    'GET /api/booking/9': { body: order },
    'GET /api/config': {
      body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'stripe', stripePublishableKey: 'pk_test_1', googleSignIn: false },
    },
    'POST /api/create-payment-intent': { body: { clientSecret: 'pi_s_secret_1', amount: 3750, currency: 'usd' } },
    'PATCH /api/booking/9': { body: { ...order, paid: true, status: 'paid', paymentStatus: 'paid', transactionId: 'pi_s' } },
  });
  const view = renderWithProviders(<OrderPayment orderId="9" />, { signedInAs: ann });
  return { ...view, fetchMock };
}

describe('payment page with Stripe', () => {
  it("pays through Stripe's card element with the buyer's billing details, then records the payment", async () => {
    const { user, fetchMock } = setup();
    stripe.confirmCardPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_s', status: 'succeeded' } }));
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_1');

    const pay = screen.getByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText('Congrats! Your Payment is completed.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('pi_s');
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_s_secret_1', {
      payment_method: { card: stripe.card, billing_details: { name: 'Ann Lee', email: 'ann@example.com' } },
    });
    expect(sentBody(fetchMock, 'PATCH', '/api/booking/9')).toEqual({ transactionId: 'pi_s' });
    expect(pay).toBeDisabled();
  });

  it("shows Stripe's card error in red and records nothing", async () => {
    const { user, fetchMock } = setup();
    stripe.confirmCardPayment = vi.fn(async () => ({ error: { type: 'card_error', message: 'Your card was declined.' } }));
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-error');
    expect(() => sentBody(fetchMock, 'PATCH', '/api/booking/9')).toThrow();
    expect(pay).toBeEnabled();
  });
});
