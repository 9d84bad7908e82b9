import type { Address, Cart, CartLine, CheckoutQuote, DeliveryOption, ShippingInfo } from '@/features/cart/api-types';

/** A cart line as the shop prices it: `quantity` of a part at `unitPrice`, with `overrides`. */
export function makeCartLine(overrides: Partial<CartLine> = {}): CartLine {
  const line: CartLine = {
    partId: '5',
    partName: 'Brake Pads',
    sku: 'BRK-0005',
    img: '/api/image/pads.png',
    unitPrice: 12.5,
    quantity: 2,
    lineTotal: 25,
    minimumOrder: 1,
    availableQuantity: 10,
    weightKg: 1.2,
    coreCharge: 0,
    seenPrice: 12.5,
    problem: null,
    message: null,
    ...overrides,
  };
  if (overrides.lineTotal === undefined) line.lineTotal = line.unitPrice * line.quantity;
  return line;
}

/** A cart of `lines`, its count, subtotal, core deposits and readiness worked out as the shop does. */
export function makeCart(lines: CartLine[]): Cart {
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    coreCharges: lines.reduce((sum, line) => sum + line.coreCharge * line.quantity, 0),
    ready: lines.length > 0 && lines.every((line) => line.problem === null || line.problem === 'priceChanged'),
  };
}

export const PICKUP: DeliveryOption = { id: 'pickup', name: 'Counter pickup', description: 'Collect it at the trade counter', price: 0, regions: [] };
export const COURIER: DeliveryOption = { id: '3', name: 'Courier', description: 'Next working day', price: 9.5, regions: [] };

/** What the shop answers to POST /api/checkout/quote for `cart`, sent by `method`. */
export function makeQuote(cart: Cart, method: DeliveryOption = PICKUP, extra: Partial<CheckoutQuote> = {}): CheckoutQuote {
  const shipping = method.price;
  const tax = extra.tax ?? 0;
  return {
    lines: cart.lines,
    price: cart.subtotal,
    shipping,
    tax,
    coreCharges: cart.coreCharges,
    total: cart.subtotal + shipping + tax + cart.coreCharges,
    taxRatePercent: 0,
    taxName: '',
    deliveryMethod: method,
    deliveryOptions: [PICKUP, COURIER],
    ready: cart.ready,
    ...extra,
  };
}

/** An address of the book, with `overrides`. */
export function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    _id: '1',
    name: 'Ann Lee',
    line1: '12 Elm Street',
    line2: '',
    city: 'Springfield',
    region: 'IL',
    postcode: '62704',
    country: 'US',
    phone: null,
    isDefault: true,
    ...overrides,
  };
}

/** GET /api/shipping-methods: the trade counter and one courier. */
export const SHIPPING_INFO: ShippingInfo = {
  counter: {
    name: 'Riverside counter',
    line1: '14 Foundry Lane',
    line2: '',
    city: 'Riverside',
    region: 'CA',
    postcode: '92501',
    country: 'US',
    hours: 'Mon–Fri 8:00–18:00',
    phone: '+1 555 014 2290',
  },
  methods: [{ _id: '3', name: 'Courier', description: 'Next working day', basePrice: 7.5, pricePerKg: 1, freeOver: 200, active: true, regions: [] }],
};

export const CONFIG = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

export const ANN = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: true };
export const ADMIN = { email: 'admin@example.com', name: 'Admin', role: 'admin' as const, emailVerified: true };
