// The shapes of the cart, checkout, address-book, delivery and tax routes, and what they add to parts
// and orders. Those the generated types (src/api/types.ts, from the server's OpenAPI document) name
// come from there; the cart's and checkout's are written here by hand from the API's description
// until the document names them. Every feature takes them from this one file, so that moving to
// the generated ones changes only this file.
import type { Address, Part as ApiPart, ShippingChoices } from '@/api/types';

// Cart

/** What is wrong with a cart line, first match in this order; `priceChanged` is only a notice. */
export type CartProblem = 'deleted' | 'outOfStock' | 'notEnoughStock' | 'belowMinimum' | 'priceChanged';

/** One part in a cart, priced now. */
export type CartLine = {
  partId: string;
  /** "" for a part no longer sold whose name is not known. */
  partName: string;
  sku: string;
  img: string;
  /** Currency units; 0 for a part no longer sold. */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  minimumOrder: number;
  availableQuantity: number;
  weightKg: number;
  /** The price the buyer saw when the line was last set, or null. */
  seenPrice?: number | null;
  problem?: CartProblem | null;
  /** The problem in words ("Only 3 in stock"), or null. */
  message?: string | null;
};

/** A cart: its lines in the order they were added, and whether it can be ordered as it is. */
export type Cart = {
  lines: CartLine[];
  /** The sum of the lines' quantities. */
  count: number;
  subtotal: number;
  /** At least one line, and no line with a problem but a changed price. */
  ready: boolean;
};

/** A line of a cart kept in the browser, as sent to be priced or merged. */
export type CartLineInput = { partId: string; quantity: number; seenPrice?: number };

/** `POST /api/cart/quote` and `POST /api/cart/merge`. */
export type CartLinesRequest = { lines: CartLineInput[] };

/** `POST /api/cart/lines`: adds `quantity` to the part's line. */
export type AddCartLineRequest = { partId: string; quantity: number };

/** `PUT /api/cart/lines/{partId}`: the line's new quantity. */
export type SetCartLineRequest = { quantity: number };

// Checkout

/** A way for an order to travel, priced for one cart: "pickup" (the trade counter) or a delivery method's id. */
export type DeliveryOption = { id: string; name: string; description: string; price: number };

/** `POST /api/checkout/quote`. */
export type CheckoutQuoteRequest = {
  deliveryMethod?: string;
  addressId?: string;
  lines?: { partId: string; quantity: number }[];
};

/** What an order of the cart would cost, sent this way to this address. */
export type CheckoutQuote = {
  lines: CartLine[];
  /** The goods. */
  price: number;
  shipping: number;
  tax: number;
  total: number;
  taxRatePercent: number;
  /** "" when no rate applies. */
  taxName: string;
  deliveryMethod: DeliveryOption;
  deliveryOptions: DeliveryOption[];
  ready: boolean;
};

/** `POST /api/checkout`: orders the cart (or `lines`); `expectedTotal` is the total the buyer was shown. */
export type CheckoutRequest = {
  deliveryMethod?: string;
  addressId?: string;
  phone?: string;
  expectedTotal?: number;
  lines?: { partId: string; quantity: number }[];
};

// Address book, delivery, the trade counter and tax (named by the shop's document)

export type { Address, AddressRequest, Counter, ShippingMethod, ShippingMethodRequest, TaxRate, TaxRateRequest } from '@/api/types';

/** `GET /api/shipping-methods`: the counter and the active delivery methods. */
export type ShippingInfo = ShippingChoices;

// What parts and orders gain

/** A part's weight, for delivery prices by weight (0: not given). */
export type PartWeight = Pick<ApiPart, 'weightKg'>;

/** One line of an order, as it was ordered. */
export type OrderLine = {
  partId: string;
  partName: string;
  sku: string;
  unitPrice: number;
  quantity: number;
  price: number;
  weightKg: number;
};

/**
 * What an order answer adds: its lines, delivery, tax and the total the card is charged; `price`
 * stays the goods. A one-line order placed on a part's page has one line and counter pickup.
 */
export type OrderCheckout = {
  lines: OrderLine[];
  shipping: number;
  tax: number;
  total: number;
  deliveryMethod: { id: string; name: string };
  deliveryAddress: Address | null;
};

/** `POST /api/checkout`'s answer: the order placed (the same shape as `POST /api/booking`'s). */
export type CheckoutPlaced = { success: boolean; insertedId: string; booking: { _id: string } };
