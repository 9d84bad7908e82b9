// The shapes of the cart, checkout, address-book, delivery and tax routes, and what they add to parts
// and orders, as the generated types (src/api/types.ts, from the server's OpenAPI document) name
// them. Every feature takes them from this one file.
import type { Booking, BrowserCartLine, CartLine, OrderPlaced, Part as ApiPart, ShippingChoices } from '@/api/types';

// Cart

export type {
  AddLineRequest as AddCartLineRequest,
  BrowserCart as CartLinesRequest,
  Cart,
  CartLine,
  SetLineRequest as SetCartLineRequest,
} from '@/api/types';

/** What is wrong with a cart line, first match in this order; `priceChanged` is only a notice. */
export type CartProblem = NonNullable<CartLine['problem']>;

/**
 * A line of a cart kept in the browser, as sent to be priced or merged (`BrowserCartLine`): this
 * browser keeps the part's id as text and the price it showed as a number.
 */
export type CartLineInput = Pick<BrowserCartLine, 'quantity'> & { partId: string; seenPrice?: number };

// Checkout

export type { CheckoutQuote, CheckoutQuoteRequest, CheckoutRequest, DeliveryOption } from '@/api/types';

/** A line bought without the cart (Purchase on a part's page): the part's id as this browser keeps it. */
export type OrderLineInput = { partId: string; quantity: number };

/** `POST /api/checkout`'s answer: the order placed (the same shape as `POST /api/booking`'s). */
export type CheckoutPlaced = OrderPlaced;

// Address book, delivery, the trade counter and tax

export type { Address, AddressRequest, Counter, ShippingMethod, ShippingMethodRequest, TaxRate, TaxRateRequest } from '@/api/types';

/** `GET /api/shipping-methods`: the counter and the active delivery methods. */
export type ShippingInfo = ShippingChoices;

// What parts and orders gain

/** A part's weight, for delivery prices by weight (0: not given). */
export type PartWeight = Pick<ApiPart, 'weightKg'>;

export type { OrderLine } from '@/api/types';

/**
 * What an order answer adds: its lines, delivery, tax, core deposits (`coreCharges`, refundable,
 * untaxed) and the total the card is charged; `price` stays the goods. A one-line order placed on a
 * part's page has one line and counter pickup.
 */
export type OrderCheckout = Pick<Booking, 'lines' | 'shipping' | 'tax' | 'coreCharges' | 'total' | 'deliveryMethod' | 'deliveryAddress'>;
