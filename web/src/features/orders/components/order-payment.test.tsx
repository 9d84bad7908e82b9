import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/test/orders';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { orderKeys } from '../api/keys';
import type { Order } from '../types';
import { OrderPayment } from './order-payment';

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: true };
const order = makeOrder();
const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };
const intent = { clientSecret: 'pi_abc_secret_xyz', amount: 3750, currency: 'usd' };
const paidOrder: Order = { ...order, paid: true, status: 'paid', paymentStatus: 'paid', transactionId: 'pi_abc' };
const succeeded = { body: { paymentIntent: { id: 'pi_abc', status: 'succeeded' } } };
const declined = { status: 402, body: { error: 'Your card was declined.', code: 'card_declined' } };

type Routes = Parameters<typeof mockApi>[0];

function setup(routes: Routes = {}) {
  const fetchMock = mockApi({
    'GET /api/booking/9': { body: order },
    'GET /api/config': { body: config },
    'POST /api/create-payment-intent': { body: intent },
    'POST /api/test-payments/confirm': succeeded,
    'PATCH /api/booking/9': { body: paidOrder },
    ...routes,
  });
  const view = renderWithProviders(<OrderPayment orderId="9" />, { signedInAs: ann });
  const pay = () => screen.getByRole('button', { name: 'Pay' });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input) === path).length;
  const fillCard = async ({ number = '4242424242424242', expiry = `12${nextYear()}`, cvc = '123' } = {}) => {
    await view.user.type(await screen.findByLabelText('Card number'), number);
    await view.user.type(screen.getByLabelText('Expiry'), expiry);
    await view.user.type(screen.getByLabelText('CVC'), cvc);
  };
  return { ...view, fetchMock, pay, calls, fillCard };
}

/** Two digits of next year, always a valid expiry. */
function nextYear(): string {
  return String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
}

/** A promise resolved from outside, to hold an answer back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('payment page', () => {
  it('shows the order, the amount, the buyer as billing details and labelled card inputs', async () => {
    setup();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Brake Pads');
    expect(summary).toHaveTextContent('$37.50');
    // The order's number, as My Orders and the staff show it.
    expect(within(summary).getByText('#9')).toBeInTheDocument();
    expect(await screen.findByTestId('payment-amount')).toHaveTextContent('$37.50');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry')).toHaveAttribute('placeholder', 'MM / YY');
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
  });

  it('says by when to pay to keep the order', async () => {
    setup({ 'GET /api/booking/9': { body: { ...order, holdExpiresAt: '2026-01-02T10:30:00Z', cancelReason: null } } });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent(/Pay by .+ to keep it/);
    expect(within(summary).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute('datetime', '2026-01-02T10:30:00.000Z');
  });

  it('keeps Pay disabled until the payment secret has arrived', async () => {
    const held = deferred<{ body: unknown }>();
    const { pay, calls } = setup({ 'POST /api/create-payment-intent': () => held.promise });
    await screen.findByLabelText('Card number');
    expect(pay()).toBeDisabled();
    held.resolve({ body: intent });
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    expect(calls('POST', '/api/create-payment-intent')).toBe(1);
  });

  it('formats the card as it is typed and pays with it, then records the payment on the order', async () => {
    const { user, pay, fetchMock, queryClient, fillCard } = setup();
    queryClient.setQueryData(orderKeys.list(ann.email), [order]);
    await fillCard();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry')).toHaveValue(`12 / ${nextYear()}`);
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());

    expect(await screen.findByText('Congrats! Your Payment is completed.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your transaction id: pi_abc');
    // What happens next, by the order's number: the receipt, the pickup, the invoice.
    expect(screen.getByRole('status')).toHaveTextContent(`Order #9 is paid. A receipt is on its way to ${ann.email}.`);
    expect(screen.getByRole('status')).toHaveTextContent('Collect it at the trade counter: give the order number #9 there.');
    expect(within(screen.getByRole('status')).getByRole('link', { name: 'View the invoice' })).toHaveAttribute('href', '/dashboard/order/9');
    expect(pay()).toBeDisabled();
    expect(sentBody(fetchMock, 'POST', '/api/create-payment-intent')).toEqual({ bookingId: '9' });
    expect(sentBody(fetchMock, 'POST', '/api/test-payments/confirm')).toEqual({
      clientSecret: 'pi_abc_secret_xyz',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2000 + Number(nextYear()), cvc: '123' },
      billingDetails: { name: 'Ann Lee', email: 'ann@example.com' },
    });
    expect(sentBody(fetchMock, 'PATCH', '/api/booking/9')).toEqual({ transactionId: 'pi_abc' });
    // The order shows paid here, and My Orders will ask again.
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('paid')).toBeInTheDocument();
    expect(summary).toHaveTextContent('pi_abc');
    expect(queryClient.getQueryState(orderKeys.list(ann.email))?.isInvalidated).toBe(true);
    // The card inputs are done with.
    expect(screen.getByLabelText('Card number')).toBeDisabled();
  });

  it('gives clear messages for missing or wrong card fields and sends nothing', async () => {
    const { user, pay, calls, fillCard } = setup();
    await screen.findByLabelText('Card number');
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    expect(await screen.findByText('Card number is Required')).toBeInTheDocument();
    expect(screen.getByText('Expiry is Required')).toBeInTheDocument();
    expect(screen.getByText('CVC is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');

    await fillCard({ number: '4242424242424241', expiry: '0120', cvc: '12' });
    await user.click(pay());
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiry date is in the past.")).toBeInTheDocument();
    expect(screen.getByText('CVC must be 3 or 4 digits')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242 4242');
    await user.clear(screen.getByLabelText('Expiry'));
    await user.type(screen.getByLabelText('Expiry'), '1330');
    await user.click(pay());
    expect(await screen.findByText('Card number must be 12 to 19 digits')).toBeInTheDocument();
    expect(screen.getByText('The expiry month must be 01 to 12')).toBeInTheDocument();
    expect(calls('POST', '/api/test-payments/confirm')).toBe(0);
  });

  it("shows a declined card's message in red, records nothing and lets the buyer try again", async () => {
    const { user, pay, calls, fillCard } = setup({ 'POST /api/test-payments/confirm': declined });
    await fillCard({ number: '4000000000000002' });
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    const message = await screen.findByText('Your card was declined.');
    expect(message).toHaveAttribute('role', 'alert');
    expect(message).toHaveClass('text-error');
    expect(screen.queryByText('Congrats! Your Payment is completed.')).not.toBeInTheDocument();
    expect(calls('PATCH', '/api/booking/9')).toBe(0);
    expect(pay()).toBeEnabled();
    expect(screen.getByLabelText('Card number')).toBeEnabled();
  });

  it.each([
    ['Card number', '{Backspace}2'],
    ['Expiry', '{Backspace}'],
    ['CVC', '4'],
  ])("takes a declined card's message away when the buyer changes the %s", async (label, keys) => {
    const { user, pay, fillCard } = setup({ 'POST /api/test-payments/confirm': declined });
    await fillCard({ number: '4000000000000002' });
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    // Leaving an input without changing it keeps the message.
    await user.click(screen.getByLabelText(label));
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    await user.keyboard(keys);
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a new decline after the message was cleared by an edit', async () => {
    const { user, pay, fillCard } = setup({ 'POST /api/test-payments/confirm': declined });
    await fillCard({ number: '4000000000000002' });
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('CVC'), '{Backspace}9');
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    await user.click(pay());
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
  });

  it("puts the server's per-field messages under the card inputs", async () => {
    const { user, pay, fillCard } = setup({
      'POST /api/test-payments/confirm': {
        status: 400,
        body: { error: 'Card number must be 12 to 19 digits', fields: { 'card.number': 'Card number must be 12 to 19 digits', 'card.cvc': 'CVC must be 3 or 4 digits' } },
      },
    });
    await fillCard();
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    const numberError = await screen.findByText('Card number must be 12 to 19 digits');
    expect(numberError).toHaveAttribute('id', screen.getByLabelText('Card number').getAttribute('aria-describedby'));
    expect(screen.getByText('CVC must be 3 or 4 digits')).toBeInTheDocument();
    // Said once, under the input, not again as the form's message.
    expect(screen.getAllByText('Card number must be 12 to 19 digits')).toHaveLength(1);
  });

  it('never sends a second card payment for a double click, nor for a retry after the card went through', async () => {
    const heldConfirm = deferred<typeof succeeded>();
    let patches = 0;
    const { user, pay, calls, fillCard } = setup({
      'POST /api/test-payments/confirm': () => heldConfirm.promise,
      'PATCH /api/booking/9': () => {
        patches += 1;
        return patches === 1 ? { status: 503, body: { error: 'The card provider is not reachable' } } : { body: paidOrder };
      },
    });
    await fillCard();
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    await user.dblClick(pay());
    await user.click(pay());
    await vi.waitFor(() => expect(pay()).toBeDisabled());
    heldConfirm.resolve(succeeded);

    // Recording the payment failed: the message says so, and Pay tries the recording again only.
    expect(await screen.findByText('The card provider is not reachable')).toHaveClass('text-error');
    await user.click(pay());
    expect(await screen.findByText('Congrats! Your Payment is completed.')).toBeInTheDocument();
    expect(calls('POST', '/api/test-payments/confirm')).toBe(1);
    expect(calls('PATCH', '/api/booking/9')).toBe(2);
    expect(screen.queryByText('The card provider is not reachable')).not.toBeInTheDocument();

    await user.click(pay());
    expect(calls('POST', '/api/test-payments/confirm')).toBe(1);
    expect(calls('PATCH', '/api/booking/9')).toBe(2);
  });

  it('sends one card payment when the form is submitted twice at once (Enter pressed twice)', async () => {
    const { pay, calls, fillCard } = setup();
    await fillCard();
    await vi.waitFor(() => expect(pay()).toBeEnabled());
    const form = screen.getByRole('form', { name: 'Card details' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByText('Congrats! Your Payment is completed.')).toBeInTheDocument();
    expect(calls('POST', '/api/test-payments/confirm')).toBe(1);
    expect(calls('PATCH', '/api/booking/9')).toBe(1);
  });

  it("shows the server's word and no card form for an order that is paid already", async () => {
    setup({
      'GET /api/booking/9': { body: paidOrder },
      'POST /api/create-payment-intent': { status: 409, body: { error: 'This order is already paid' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already paid');
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('pi_abc');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it("shows that someone else's order cannot be found", async () => {
    setup({
      'GET /api/booking/9': { status: 404, body: { error: 'Order not found' } },
      'POST /api/create-payment-intent': { status: 404, body: { error: 'Order not found' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    // Nothing to try again; the way back is to My Orders.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/order');
  });

  it('offers Try again and the way back to My Orders when the order could not be loaded', async () => {
    setup({ 'GET /api/booking/9': { status: 500, body: { error: 'The database is down' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/order');
  });
});
