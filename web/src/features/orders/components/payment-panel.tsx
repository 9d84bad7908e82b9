import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazy } from '@/lib/lazy';
import { Link } from 'react-router';
import { InputField } from '@/components/ui/field';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSignedInUser } from '@/lib/auth';
import { formatMoney, useConfig } from '@/lib/config';
import { cardFieldErrors, usePayment, type PaymentIntent } from '../api/pay-order';
import { deliveryName, orderNumber } from '../lines';
import type { CardFormProps, Order } from '../types';
import { TestCardForm } from './test-card-form';

// Stripe's script and components are fetched only when a shop that takes payments through Stripe
// shows this form, never with any other page.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** Moves focus to the element as it appears. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

type PaymentPanelProps = { orderId: string; intent: UseQueryResult<PaymentIntent>; order?: Order };

/**
 * The card payment of one order: the amount, the billing details of the
 * signed-in buyer, the provider's card form, and either the error in red or, once paid, what
 * happens next (the receipt mailed, delivery or pickup, the invoice) with the card provider's
 * reference for the payment.
 */
export function PaymentPanel({ orderId, intent, order }: PaymentPanelProps) {
  const config = useConfig();
  const user = useSignedInUser();
  const { state, pay, clearFailure } = usePayment(orderId);

  if (intent.isError) {
    const error = intent.error;
    // Paid, cancelled or not this buyer's: the server says why, and there is nothing to pay.
    if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
      return (
        <div role="alert" className="alert alert-warning alert-soft">
          <span>{error.message}</span>
        </div>
      );
    }
    return <ErrorBox error={error} onRetry={() => void intent.refetch()} />;
  }
  if (config.isPending) return <Spinner label="Loading the card form" />;
  if (config.isError) return <ErrorBox error={config.error} onRetry={() => void config.refetch()} />;

  const succeeded = state.status === 'succeeded';
  const pending = state.status === 'pending';
  const formProps: CardFormProps = {
    clientSecret: intent.data?.clientSecret,
    billing: { name: user.name, email: user.email },
    payDisabled: !intent.data?.clientSecret || pending || succeeded,
    pending,
    locked: succeeded,
    onPay: pay,
    onCardChange: clearFailure,
  };
  const { paymentProvider, stripePublishableKey } = config.data;
  const failure = state.status === 'failed' && !cardFieldErrors(state.error) ? errorMessage(state.error) : null;

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="card-payment-title">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="card-payment-title" className="card-title">
            Pay by card
          </h2>
          <p>
            Amount:{' '}
            <strong className="text-lg" data-testid="payment-amount">
              {intent.data ? formatMoney(intent.data.amount / 100, intent.data.currency) : '…'}
            </strong>
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <InputField label="Name" value={user.name} readOnly autoComplete="off" className="bg-base-200" />
          <InputField label="Email" type="email" value={user.email} readOnly autoComplete="off" className="bg-base-200" />
        </div>
        {paymentProvider === 'stripe' ? (
          stripePublishableKey ? (
            <Suspense fallback={<Spinner label="Loading the card form" className="py-4" />}>
              <StripeCardForm publishableKey={stripePublishableKey} {...formProps} />
            </Suspense>
          ) : (
            <p role="alert" className="font-medium text-error">
              Card payments are not available right now. Please try again later.
            </p>
          )
        ) : (
          <TestCardForm {...formProps} />
        )}
        {failure ? (
          <p role="alert" className="font-medium text-error">
            {failure}
          </p>
        ) : null}
        {state.status === 'succeeded' ? (
          // The card form locks once paid, which would leave focus nowhere: it goes to this message.
          <div ref={focusOnMount} tabIndex={-1} role="status" className="alert alert-success alert-soft order-first items-start outline-none">
            <div className="grid gap-2">
              <p className="font-semibold">Congrats! Your Payment is completed.</p>
              <p>
                Order <strong>{orderNumber(orderId)}</strong> is paid. A receipt is on its way to <strong className="break-all">{user.email}</strong>.
              </p>
              <p>{order ? nextStep(order) : null}</p>
              <p className="flex flex-wrap gap-2">
                <Link to={paths.dashboard.order.getHref(orderId)} className="btn btn-sm btn-primary">
                  View the invoice
                </Link>
              </p>
              <p className="text-xs text-base-content/75">
                Your transaction id: <span className="font-mono break-all">{state.transactionId}</span>
              </p>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** What happens to a paid order next, as the buyer chose it to travel. */
function nextStep(order: Order): string {
  if (order.deliveryAddress) {
    return `We pack it and send it by ${deliveryName(order)}; you get an e-mail with the tracking details when it leaves.`;
  }
  return `Collect it at the trade counter: give the order number ${orderNumber(order._id)} there.`;
}
