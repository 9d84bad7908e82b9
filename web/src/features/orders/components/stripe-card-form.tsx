import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import type { CardFormProps } from '../types';
import { PayButton } from './pay-button';

// One Stripe.js per publishable key for the whole visit.
const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load may be tried again on the next visit of the page.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

const UNAVAILABLE = 'The card form could not be loaded. Check your connection and reload the page.';

/**
 * Stripe's card element, for a shop whose payment provider is Stripe. This module (and Stripe.js
 * with it) is loaded only by the payment page, and only for such a shop.
 */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let current = true;
    stripe.then(
      (loadedStripe) => current && setUnavailable(loadedStripe === null),
      () => current && setUnavailable(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);

  if (unavailable) {
    return (
      <p role="alert" className="font-medium text-error">
        {UNAVAILABLE}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ clientSecret, billing, payDisabled, pending, locked, onPay, onCardChange }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);

  const onChange = (event: StripeCardElementChangeEvent) => {
    setCardError(event.error?.message ?? null);
    onCardChange();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    await onPay(async () => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error) {
        // Paid already (a second tab, or a retry after the card went through): that payment counts.
        const intent = result.error.payment_intent;
        if (intent?.status === 'succeeded') return intent.id;
        throw new Error(result.error.message ?? 'Your card could not be charged. Please try again.');
      }
      if (result.paymentIntent.status !== 'succeeded') {
        throw new Error('The payment did not go through. Please try again.');
      }
      return result.paymentIntent.id;
    });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card details" className="grid gap-4">
      <div className="flex flex-col gap-1">
        <span
          id="stripe-card-label"
          className="text-sm font-semibold"
          onClick={() => elements?.getElement(CardElement)?.focus()}
        >
          Card
        </span>
        <div
          role="group"
          aria-labelledby="stripe-card-label"
          className={`input input-bordered flex w-full items-center ${cardError ? 'input-error' : ''}`}
        >
          <CardElement
            className="w-full"
            onChange={onChange}
            options={{ disabled: locked, hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
          />
        </div>
        {cardError ? <p className="text-sm font-medium text-error">{cardError}</p> : null}
      </div>
      <div>
        <PayButton disabled={payDisabled || !stripe || !elements} pending={pending} />
      </div>
    </form>
  );
}
