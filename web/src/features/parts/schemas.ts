import { z } from 'zod';
import { hasFile } from '@/lib/upload-image';

// The spec's messages for empty fields (section 5), then a clear word on bad numbers (D11).
export const priceField = z
  .string()
  .trim()
  .min(1, 'Price is Required')
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'Price must be an amount above 0 with at most two decimals, like 12.50');

export const availableQuantityField = z
  .string()
  .trim()
  .min(1, 'Quantity is Required')
  .refine((v) => /^\d+$/.test(v), 'Available Quantity must be a whole number, 0 or more');

export const minimumOrderField = z
  .string()
  .trim()
  .min(1, 'Quantity is Required')
  .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, 'Minimum Order must be a whole number, 1 or more');

/** A required picture from a file input. */
export const imageField = z.custom<FileList | undefined>().refine(hasFile, 'Image is Required');

export const addPartSchema = z.object({
  name: z.string().trim().min(1, 'Name is Required'),
  description: z.string().trim().min(1, 'Description is Required'),
  price: priceField,
  availableQuantity: availableQuantityField,
  minimumOrder: minimumOrderField,
  image: imageField,
});

export type AddPartValues = z.input<typeof addPartSchema>;

export const editPartSchema = z.object({
  price: priceField,
  availableQuantity: availableQuantityField,
  minimumOrder: minimumOrderField,
});

export type EditPartValues = z.input<typeof editPartSchema>;
