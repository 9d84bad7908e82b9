import { z } from '@/lib/zod';
import type { Address, AddressRequest } from '@/features/cart/api-types';

/** The most addresses a book holds. */
export const MAX_ADDRESSES = 20;

/** A phone number as the shop takes it: optional, else digits with spaces, +, -, ( and ). */
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is Required`);

/** An address of the book, with the shop's own limits and messages. */
export const addressSchema = z.object({
  name: required('Name', 100),
  line1: required('Address', 200),
  line2: text('Address line 2', 200),
  city: required('City', 100),
  region: text('State or region', 100),
  postcode: required('Postcode', 20),
  country: z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z]{2}$/.test(v), 'Country must be a two-letter country code'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE.test(v), 'Provide a valid phone number'),
  isDefault: z.boolean(),
});

export type AddressValues = z.input<typeof addressSchema>;

/** The server's names of the fields, to show its messages under them. */
export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'region', 'postcode', 'country', 'phone'] as const;

export const EMPTY_ADDRESS: AddressValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postcode: '',
  country: 'US',
  phone: '',
  isDefault: false,
};

/** A saved address, as the form shows it. */
export function addressValues(address: Address): AddressValues {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone ?? '',
    isDefault: address.isDefault,
  };
}

/** What the form sends: trimmed, the country in capitals, an empty phone left out. */
export function addressInput(values: AddressValues): AddressRequest {
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    line1: values.line1.trim(),
    line2: values.line2.trim(),
    city: values.city.trim(),
    region: values.region.trim(),
    postcode: values.postcode.trim(),
    country: values.country.trim().toUpperCase(),
    ...(phone ? { phone } : {}),
    isDefault: values.isDefault,
  };
}
