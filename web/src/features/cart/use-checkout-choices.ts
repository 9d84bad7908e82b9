import { useState } from 'react';
import { describeVehicle, useVehicle } from '@/lib/vehicle';
import type { CheckoutRequest, OrderLineInput } from './api-types';
import { useCheckoutQuote } from './api/checkout';

/** The choice of a delivery address, as the page hands it to the address book's chooser. */
export type AddressChoice = { value: string | null; onChange: (addressId: string | null) => void };

/** Counter pickup's id among the delivery options. */
export const PICKUP = 'pickup';

/**
 * The checkout's choices (delivery method and address) and the shop's figures for them, for the
 * cart or for `lines` bought alone: the one way the checkout page and Confirm Order price an order.
 */
export function useCheckoutChoices(lines: OrderLineInput[] | undefined, enabled: boolean) {
  const vehicle = useVehicle();
  const [method, setMethod] = useState(PICKUP);
  const [addressId, setAddressId] = useState<string | null>(null);
  const delivering = method !== PICKUP;
  // A delivery method without an address yet has no price: the quote asked for is pickup's,
  // for the lines and the list of methods.
  const pricedMethod = delivering && addressId === null ? PICKUP : method;
  const quote = useCheckoutQuote(pricedMethod, pricedMethod === PICKUP ? null : addressId, enabled, lines);
  const chosenAddress = delivering ? addressId : null;
  /** The order as it is to be placed: at the total the buyer was shown. */
  const request = (total: number): CheckoutRequest => ({
    deliveryMethod: method,
    ...(chosenAddress ? { addressId: chosenAddress } : {}),
    ...(lines ? { lines } : {}),
    // What the buyer meant the parts for, kept on every line (docs/decisions.md, D35).
    ...(vehicle ? { vehicle: describeVehicle(vehicle) } : {}),
    expectedTotal: total,
  });
  return {
    method,
    setMethod,
    /** The address as the chooser holds it (kept while pickup is chosen, for coming back). */
    addressChoice: { value: addressId, onChange: setAddressId } satisfies AddressChoice,
    delivering,
    needsAddress: delivering && addressId === null,
    /** The figures are those of the method and address chosen, and current. */
    priced: pricedMethod === method && !quote.isPlaceholderData && !quote.isFetching,
    quote,
    request,
    /** Back to counter pickup, after a method was taken away meanwhile. */
    reset: () => setMethod(PICKUP),
  };
}

