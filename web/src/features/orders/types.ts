import type { BillingDetails, ConfirmPayment } from './api/pay-order';

/** Where an order's money stands. */
export type PaymentStatus = 'unpaid' | 'paid' | 'refunded';

/** Where an order's parts stand. */
export type FulfilmentStatus = 'pending' | 'shipped' | 'delivered' | 'cancelled';

/** Why an order was cancelled: by its buyer, by the shop's staff, or not paid in time (its stock released). */
export type CancelReason = 'buyer' | 'admin' | 'expired';

/** An order (booking) as the API answers it. */
export type Order = {
  _id: string;
  partId: string;
  partName: string;
  /** Order total in currency units, computed by the server (docs/decisions.md, D3). */
  price: number;
  unitPrice: number;
  quantity: number;
  partOrder: number;
  buyer: string;
  buyerName: string;
  paid: boolean;
  transactionId: string | null;
  /** The summary of the two states below: cancelled, shipped (or delivered), else paid or unpaid. */
  status: 'unpaid' | 'paid' | 'shipped' | 'cancelled';
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  createdAt: string;
  updatedAt: string;
  /** Why a cancelled order was cancelled; null otherwise (absent from older answers: unknown). */
  cancelReason?: CancelReason | null;
  /** RFC 3339: when an unpaid open order's stock is released unless it is paid; null otherwise. */
  holdExpiresAt?: string | null;
};

/** What the purchase page hands the Confirm Order modal. */
export type OrderDraft = { partId: string; partName: string; quantity: number; unitPrice: number };

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
};
