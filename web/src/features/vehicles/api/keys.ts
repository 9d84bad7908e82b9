/**
 * The vehicles' query keys, general to specific: a VIN's decoding (the same for everyone) apart
 * from the signed-in buyer's garage (forgotten on sign-in and sign-out with the other private data).
 */
export const vinKeys = {
  all: ['vin'] as const,
  /** One VIN's decoding, by the VIN as typed upper-case. */
  lookup: (vin: string) => [...vinKeys.all, vin] as const,
};

export const garageKeys = {
  all: ['garage'] as const,
  /** The buyer's vehicles, oldest first. */
  list: () => [...garageKeys.all, 'list'] as const,
};
