import { z } from '@/lib/zod';
import type { Counter, ShippingMethod, ShippingMethodRequest, TaxRate, TaxRateRequest } from '@/features/cart/api-types';

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is Required`);
const country = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z]{2}$/.test(v), 'Country must be a two-letter country code');

/** An amount in currency units, 0 or more, at most two decimals ("4.50"). */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

const amount = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is Required`)
    .refine((v) => AMOUNT.test(v), `${label} must be an amount, 0 or more, with at most two decimals`);

// Delivery methods

export const shippingMethodSchema = z.object({
  name: required('Name', 100),
  description: text('Description', 200),
  basePrice: amount('Price per order'),
  pricePerKg: amount('Price per kg'),
  /** Empty: never free. */
  freeOver: z
    .string()
    .trim()
    .refine((v) => v === '' || (AMOUNT.test(v) && Number(v) > 0), 'Free over must be an amount above 0, or left empty'),
  active: z.boolean(),
  /** Places separated by commas ("US-OH, US-KY"); empty: everywhere. */
  regions: z
    .string()
    .refine((v) => placeList(v).every((p) => PLACE.test(p)), 'Delivers to must be places such as US or US-OH, separated by commas'),
});

/** A country ("US") or a region of one ("US-OH"), as the server reads it. */
const PLACE = /^[A-Za-z]{2}(-\S.{0,99})?$/;

/** The places written in a "Delivers to" field, blanks left out. */
export function placeList(text: string): string[] {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Where a method goes, in words: "Everywhere", or its places. */
export function deliversTo(regions: readonly string[]): string {
  return regions.length === 0 ? 'Everywhere' : regions.join(', ');
}

export type ShippingMethodValues = z.input<typeof shippingMethodSchema>;

export const SHIPPING_METHOD_FIELDS = ['name', 'description', 'basePrice', 'pricePerKg', 'freeOver', 'regions'] as const;

export const EMPTY_SHIPPING_METHOD: ShippingMethodValues = { name: '', description: '', basePrice: '', pricePerKg: '0', freeOver: '', active: true, regions: '' };

export function shippingMethodValues(method: ShippingMethod): ShippingMethodValues {
  return {
    name: method.name,
    description: method.description,
    basePrice: String(method.basePrice),
    pricePerKg: String(method.pricePerKg),
    freeOver: method.freeOver == null ? '' : String(method.freeOver),
    active: method.active,
    regions: method.regions.join(', '),
  };
}

export function shippingMethodInput(values: ShippingMethodValues): ShippingMethodRequest {
  const freeOver = values.freeOver.trim();
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    basePrice: Number(values.basePrice),
    pricePerKg: Number(values.pricePerKg),
    freeOver: freeOver === '' ? null : Number(freeOver),
    active: values.active,
    regions: placeList(values.regions),
  };
}

// The trade counter

export const counterSchema = z.object({
  name: required('Name', 100),
  line1: text('Address', 200),
  line2: text('Address line 2', 200),
  city: text('City', 200),
  region: text('State or region', 200),
  postcode: text('Postcode', 200),
  country,
  hours: text('Opening hours', 200),
  phone: text('Phone', 200),
});

export type CounterValues = z.input<typeof counterSchema>;

export const COUNTER_FIELDS = ['name', 'line1', 'line2', 'city', 'region', 'postcode', 'country', 'hours', 'phone'] as const;

export function counterInput(values: CounterValues): Counter {
  return {
    name: values.name.trim(),
    line1: values.line1.trim(),
    line2: values.line2.trim(),
    city: values.city.trim(),
    region: values.region.trim(),
    postcode: values.postcode.trim(),
    country: values.country.trim().toUpperCase(),
    hours: values.hours.trim(),
    phone: values.phone.trim(),
  };
}

// Tax rates

export const taxRateSchema = z.object({
  country,
  region: text('Region', 100),
  name: text('Name', 100),
  ratePercent: z
    .string()
    .trim()
    .min(1, 'Rate is Required')
    .refine((v) => /^\d+(\.\d{1,3})?$/.test(v) && Number(v) <= 100, 'Rate must be a percentage from 0 to 100'),
  appliesToShipping: z.boolean(),
});

export type TaxRateValues = z.input<typeof taxRateSchema>;

export const TAX_RATE_FIELDS = ['country', 'region', 'name', 'ratePercent'] as const;

export const EMPTY_TAX_RATE: TaxRateValues = { country: 'US', region: '', name: '', ratePercent: '', appliesToShipping: true };

export function taxRateValues(rate: TaxRate): TaxRateValues {
  return {
    country: rate.country,
    region: rate.region,
    name: rate.name,
    ratePercent: String(rate.ratePercent),
    appliesToShipping: rate.appliesToShipping,
  };
}

export function taxRateInput(values: TaxRateValues): TaxRateRequest {
  return {
    country: values.country.trim().toUpperCase(),
    region: values.region.trim(),
    name: values.name.trim(),
    ratePercent: Number(values.ratePercent),
    appliesToShipping: values.appliesToShipping,
  };
}

/** Where a rate applies: "US-CA", or "US" for the whole country. */
export function taxPlace(rate: Pick<TaxRate, 'country' | 'region'>): string {
  return rate.region ? `${rate.country}-${rate.region}` : rate.country;
}
