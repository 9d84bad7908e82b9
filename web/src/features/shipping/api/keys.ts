/** Delivery, the trade counter and tax: query keys, general to specific. */
export const shippingKeys = {
  all: ['shipping'] as const,
  /** The public answer: the trade counter and the active delivery methods. */
  info: () => [...shippingKeys.all, 'info'] as const,
  /** What only admins see. */
  admin: () => [...shippingKeys.all, 'admin'] as const,
  /** Every delivery method, inactive ones too. */
  methods: () => [...shippingKeys.admin(), 'methods'] as const,
  taxRates: () => [...shippingKeys.admin(), 'tax-rates'] as const,
};
