import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type {
  BillingDetails as ApiBillingDetails,
  CardDetails,
  ConfirmRequest,
  Confirmed,
  IntentCreated,
  IntentRequest,
  PayRequest,
} from '@/api/types';
import { ApiError, api } from '@/lib/api-client';
import type { Order } from '../types';
import { orderKeys } from './keys';

/** What the server opens for paying an order: the provider's secret, and the amount in cents. */
export type PaymentIntent = IntentCreated;

/** The buyer's name and e-mail for the card: the web always has both. */
export type BillingDetails = { [K in keyof ApiBillingDetails]-?: NonNullable<ApiBillingDetails[K]> };

export type TestCard = CardDetails;

/**
 * Opens (or reopens: the server answers the same one) the payment of an order when the payment
 * page loads. 409 for a paid or cancelled order, 404 for someone else's. It is never refetched
 * behind the buyer's back: the secret must stay the same while they type their card.
 */
export const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.payment(orderId),
    queryFn: () => api.post<PaymentIntent>('/create-payment-intent', { bookingId: orderId } satisfies IntentRequest),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePaymentIntent(orderId: string) {
  return useQuery(paymentIntentQueryOptions(orderId));
}

/** Pays an intent with a card through the built-in test provider; answers the intent's id. */
export async function confirmTestPayment(input: {
  clientSecret: string;
  card: TestCard;
  billingDetails: BillingDetails;
}): Promise<string> {
  const answer = await api.post<Confirmed>('/test-payments/confirm', input satisfies ConfirmRequest);
  if (answer.paymentIntent.status !== 'succeeded') {
    throw new Error('The payment did not go through. Please try again.');
  }
  return answer.paymentIntent.id;
}

/** The card form's inputs that the server's field names (`card.number`, …) belong to. */
export type CardField = 'number' | 'expiry' | 'cvc';

const CARD_FIELDS: Record<string, CardField> = {
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
};

/**
 * The messages of a 400 that is only about card inputs, keyed by input; null for any other
 * error (that one is shown as the form's error message instead).
 */
export function cardFieldErrors(error: unknown): Partial<Record<CardField, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const entries = Object.entries(error.fields);
  if (entries.length === 0 || entries.some(([name]) => !(name in CARD_FIELDS))) return null;
  const fields: Partial<Record<CardField, string>> = {};
  for (const [name, message] of entries) {
    const field = CARD_FIELDS[name]!;
    fields[field] ??= message;
  }
  return fields;
}

/** Confirms the card payment with the provider and answers the payment intent's id. */
export type ConfirmPayment = () => Promise<string>;

export type PaymentState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'failed'; error: unknown }
  | { status: 'succeeded'; transactionId: string };

/**
 * Paying an order: the provider confirms the card, then the server is told the transaction id
 * and marks the order paid once it has checked the payment itself (docs/decisions.md, D4).
 *
 * One payment per page: a second click while paying does nothing, a payment that succeeded is
 * never paid again, and when the card went through but recording it failed, trying again only
 * repeats the recording, never the card payment.
 */
export function usePayment(orderId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PaymentState>({ status: 'idle' });
  const busy = useRef(false);
  const confirmedId = useRef<string | null>(null);

  /** Runs the payment; answers the error when it failed, null otherwise. */
  const pay = useCallback(
    async (confirm: ConfirmPayment): Promise<unknown> => {
      if (busy.current) return null;
      busy.current = true;
      setState({ status: 'pending' });
      try {
        confirmedId.current ??= await confirm();
        const order = await api.patch<Order>(`/booking/${encodeURIComponent(orderId)}`, {
          transactionId: confirmedId.current,
        } satisfies PayRequest);
        queryClient.setQueryData(orderKeys.detail(orderId), order);
        void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
        // `busy` stays set: this order is paid, the page never pays it again.
        setState({ status: 'succeeded', transactionId: order.transactionId ?? confirmedId.current });
        return null;
      } catch (error) {
        busy.current = false;
        setState({ status: 'failed', error });
        return error;
      }
    },
    [orderId, queryClient],
  );

  /** The buyer changed the card: an earlier failure no longer applies, so its message goes. */
  const clearFailure = useCallback(() => setState((now) => (now.status === 'failed' ? { status: 'idle' } : now)), []);

  return { state, pay, clearFailure };
}
