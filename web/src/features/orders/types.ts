import type { Booking, Narrowed, ShipRequest } from '@/api/types';
import type { OrderCheckout, OrderLine } from '@/features/cart/api-types';
import type { BillingDetails, ConfirmPayment } from './api/pay-order';

// The document gives these four fields as plain strings (with a pattern), so the unions below are
// the web's own until it names their values; then the generated types take over (`Narrowed`).

/** Where an order's money stands. */
export type PaymentStatus = Narrowed<Booking['paymentStatus'], 'unpaid' | 'paid' | 'refunded'>;

/** Where an order's parts stand. */
export type FulfilmentStatus = Narrowed<Booking['fulfilmentStatus'], 'pending' | 'shipped' | 'delivered' | 'cancelled'>;

/** The summary of the two states: cancelled, shipped (or delivered), else paid or unpaid. */
export type OrderStatus = Narrowed<Booking['status'], 'unpaid' | 'paid' | 'shipped' | 'cancelled'>;

/** Why an order was cancelled: by its buyer, by the shop's staff, or not paid in time (its stock released). */
export type CancelReason = Narrowed<NonNullable<Booking['cancelReason']>, 'buyer' | 'admin' | 'expired'>;

/**
 * An order (booking) as the API answers it, its states narrowed to their values. Its lines,
 * delivery, tax and total are absent from the answers of a shop from before orders had lines: such
 * an order is its one part, collected at the counter, its total its `price`.
 */
export type Order = Omit<Booking, 'status' | 'paymentStatus' | 'fulfilmentStatus' | 'cancelReason' | 'refundedAmount' | keyof OrderCheckout> & {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  /** Why a cancelled order was cancelled; null otherwise (absent from older answers: unknown). */
  cancelReason?: CancelReason | null;
  /** What the order's returns have refunded so far, in currency units (absent from older answers: nothing). */
  refundedAmount?: number;
} & Partial<OrderCheckout>;

export type { OrderLine };

/** How a shipped order travels (the optional body of POST /api/admin/orders/{id}/ship). */
export type ShipDetails = ShipRequest;

/** What the payment page hands a provider's card form (the test provider's, or Stripe's). */
export type CardFormProps = {
  /** The payment's secret; undefined until the server has opened the payment. */
  clientSecret: string | undefined;
  /** The signed-in buyer, sent as the card's billing name and e-mail. */
  billing: BillingDetails;
  /** Pay is disabled: no secret yet, paying, or paid. */
  payDisabled: boolean;
  /** A payment is on its way. */
  pending: boolean;
  /** The order is paid: the card inputs are done with. */
  locked: boolean;
  /** Runs the payment with the form's own confirm step; answers its error, or null. */
  onPay: (confirm: ConfirmPayment) => Promise<unknown>;
  /** The buyer changed a card input (number, expiry, CVC): an earlier failure's message goes. */
  onCardChange: () => void;
};
