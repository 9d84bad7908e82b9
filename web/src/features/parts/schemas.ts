import { z } from '@/lib/zod';
import { hasFile } from '@/lib/upload-image';
import { AXLES, CATEGORIES, SIDES, type Fitment } from './types';

// "... is Required" for empty fields, then a clear word on bad numbers
// (docs/decisions.md, D11).
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

/** A weight in kilograms, at most three decimals (grams), 0 to 1000; empty: not given (0 when adding, unchanged when editing). */
export const weightKgField = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+(\.\d{1,3})?$/.test(v) && Number(v) <= 1000), 'Weight must be in kilograms, from 0 to 1000');

/** The weight to send: none for an empty field. */
export function weightKgInput(value: string): { weightKg?: number } {
  const trimmed = value.trim();
  return trimmed === '' ? {} : { weightKg: Number(trimmed) };
}

/** The shop's largest price or deposit, in currency units. */
const MAX_AMOUNT = 1_000_000;

/**
 * A core charge: the refundable deposit on one unit, 0 (none) or an amount with at most two
 * decimals; empty: not given (none when adding, unchanged when editing).
 */
export const coreChargeField = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= MAX_AMOUNT),
    'Core charge must be 0 or an amount up to 1,000,000 with at most two decimals, like 45.00',
  );

/** The core charge to send: none for an empty field. */
export function coreChargeInput(value: string): { coreCharge?: number } {
  const trimmed = value.trim();
  return trimmed === '' ? {} : { coreCharge: Number(trimmed) };
}

/** A required picture from a file input. */
export const imageField = z.custom<FileList | undefined>().refine(hasFile, 'Image is Required');

/** The catalogue's limits, as the shop checks them. */
const MAX_OEM_NUMBERS = 20;
const MAX_NUMBER_LENGTH = 40;
const MAX_NAME_LENGTH = 60;
const MAX_FITMENTS = 100;
const MAX_REPLACED_NUMBERS = 20;
const MAX_ENGINE_LENGTH = 40;
const MAX_NOTE_LENGTH = 200;
const FIRST_YEAR = 1950;
/** The shop's largest stock or order quantity. */
const MAX_QUANTITY = 1_000_000;
const SKU_CHARACTERS = /^[A-Za-z0-9./ -]+$/;
const SKU_MESSAGE = `SKU must be up to ${MAX_NUMBER_LENGTH} letters, digits, spaces, dashes, dots or slashes`;

/** OEM numbers are typed in one box, separated by commas or new lines (a number itself may hold spaces). */
export function splitOemNumbers(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((n) => n.trim())
    .filter(Boolean);
}

/** A part number: optional when adding (the shop then makes one up). */
export const skuField = z
  .string()
  .trim()
  .refine((v) => v === '' || (v.length <= MAX_NUMBER_LENGTH && SKU_CHARACTERS.test(v)), SKU_MESSAGE);

export const oemNumbersField = z
  .string()
  .refine((v) => splitOemNumbers(v).length <= MAX_OEM_NUMBERS, `At most ${MAX_OEM_NUMBERS} OEM numbers`)
  .refine((v) => splitOemNumbers(v).every((n) => n.length <= MAX_NUMBER_LENGTH), `Each OEM number must be at most ${MAX_NUMBER_LENGTH} characters`)
  .refine((v) => splitOemNumbers(v).every((n) => /[A-Za-z0-9]/.test(n)), 'Each OEM number must have letters or digits');

/** The older part numbers a part supersedes, typed like the OEM numbers. */
export const replacesField = z
  .string()
  .refine((v) => splitOemNumbers(v).length <= MAX_REPLACED_NUMBERS, `At most ${MAX_REPLACED_NUMBERS} replaced numbers`)
  .refine((v) => splitOemNumbers(v).every((n) => n.length <= MAX_NUMBER_LENGTH), `Each replaced number must be at most ${MAX_NUMBER_LENGTH} characters`)
  .refine((v) => splitOemNumbers(v).every((n) => /[A-Za-z0-9]/.test(n)), 'Each replaced number must have letters or digits');

export const reorderLevelField = z
  .string()
  .trim()
  .min(1, 'Reorder Level is Required')
  .refine((v) => /^\d+$/.test(v) && Number(v) <= MAX_QUANTITY, 'Reorder Level must be a whole number, 0 or more');

/** The newest model year a fitment may name: next year's models are on sale already. */
const lastYear = () => new Date().getFullYear() + 1;

const yearField = z
  .string()
  .trim()
  .min(1, 'Year is Required')
  .refine((v) => /^\d{4}$/.test(v) && Number(v) >= FIRST_YEAR && Number(v) <= lastYear(), `Year must be from ${FIRST_YEAR} to ${lastYear()}`);

const vehicleName = (label: string) =>
  z.string().trim().min(1, `${label} is Required`).max(MAX_NAME_LENGTH, `${label} must be at most ${MAX_NAME_LENGTH} characters`);

/** A qualifier a fitment row may leave empty (it then fits every engine, trim, axle or side, D26). */
const qualifier = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const fitmentRow = z
  .object({
    make: vehicleName('Make'),
    model: vehicleName('Model'),
    yearFrom: yearField,
    yearTo: yearField,
    engine: qualifier('Engine', MAX_ENGINE_LENGTH),
    trim: qualifier('Trim', MAX_NAME_LENGTH),
    axle: z.enum(['', ...AXLES], 'Axle must be front or rear'),
    side: z.enum(['', ...SIDES], 'Side must be left or right'),
    note: qualifier('Note', MAX_NOTE_LENGTH),
  })
  .refine((row) => !/^\d+$/.test(row.yearFrom) || !/^\d+$/.test(row.yearTo) || Number(row.yearFrom) <= Number(row.yearTo), {
    message: 'Year to must not be before Year from',
    path: ['yearTo'],
  });

/** The catalogue fields both part forms share. */
export const catalogueFields = {
  sku: skuField,
  oemNumbers: oemNumbersField,
  replaces: replacesField,
  category: z.enum(CATEGORIES, 'Choose a category'),
  reorderLevel: reorderLevelField,
  fitments: z.array(fitmentRow).max(MAX_FITMENTS, `At most ${MAX_FITMENTS} vehicles`),
};

export type CatalogueValues = z.input<z.ZodObject<typeof catalogueFields>>;

/** An empty fitment row, as "Add vehicle" adds it. */
export const NEW_FITMENT: CatalogueValues['fitments'][number] = {
  make: '',
  model: '',
  yearFrom: '',
  yearTo: '',
  engine: '',
  trim: '',
  axle: '',
  side: '',
  note: '',
};

type FitmentValues = CatalogueValues['fitments'][number];

/** A fitment row as the shop takes it: the qualifiers left empty are left out. */
function fitmentInput(f: FitmentValues): Fitment {
  const fitment: Fitment = { make: f.make.trim(), model: f.model.trim(), yearFrom: Number(f.yearFrom.trim()), yearTo: Number(f.yearTo.trim()) };
  const engine = f.engine.trim().replace(/\s+/g, ' ');
  if (engine) fitment.engine = engine;
  if (f.trim.trim()) fitment.trim = f.trim.trim();
  if (f.axle) fitment.axle = f.axle;
  if (f.side) fitment.side = f.side;
  if (f.note.trim()) fitment.note = f.note.trim();
  return fitment;
}

/** A fitment row as the form shows it (an axle or side the form does not offer is shown as none). */
function fitmentValues(f: Fitment): FitmentValues {
  const axle = AXLES.find((a) => a === f.axle?.toLowerCase()) ?? '';
  const side = SIDES.find((s) => s === f.side?.toLowerCase()) ?? '';
  return {
    make: f.make,
    model: f.model,
    yearFrom: String(f.yearFrom),
    yearTo: String(f.yearTo),
    engine: f.engine ?? '',
    trim: f.trim ?? '',
    axle,
    side,
    note: f.note ?? '',
  };
}

/** What the form's catalogue fields send to the shop (the SKU is left to the caller: it is optional when adding). */
export function catalogueInput(values: CatalogueValues) {
  return {
    oemNumbers: splitOemNumbers(values.oemNumbers),
    replaces: splitOemNumbers(values.replaces),
    category: values.category,
    reorderLevel: Number(values.reorderLevel.trim()),
    fitments: values.fitments.map(fitmentInput),
  };
}

/** A part's catalogue fields as the edit form shows them. */
export function catalogueValues(part: {
  sku: string;
  oemNumbers: string[];
  replaces: string[];
  category: CatalogueValues['category'];
  reorderLevel: number;
  fitments: Fitment[];
}): CatalogueValues {
  return {
    sku: part.sku,
    oemNumbers: part.oemNumbers.join(', '),
    replaces: part.replaces.join(', '),
    category: part.category,
    reorderLevel: String(part.reorderLevel),
    fitments: part.fitments.map(fitmentValues),
  };
}

/** The server's field names for the catalogue fields, to show its messages under them. */
export const CATALOGUE_FIELD_NAMES = ['sku', 'oemNumbers', 'replaces', 'category', 'reorderLevel', 'fitments'] as const;

export const addPartSchema = z.object({
  ...catalogueFields,
  name: z.string().trim().min(1, 'Name is Required'),
  description: z.string().trim().min(1, 'Description is Required'),
  price: priceField,
  availableQuantity: availableQuantityField,
  minimumOrder: minimumOrderField,
  weightKg: weightKgField,
  coreCharge: coreChargeField,
  image: imageField,
});

export type AddPartValues = z.input<typeof addPartSchema>;

export const editPartSchema = z.object({
  ...catalogueFields,
  name: z.string().trim().min(1, 'Name is Required'),
  description: z.string().trim().min(1, 'Description is Required'),
  // A part always has a part number once added: it can be changed, not removed.
  sku: z.string().trim().min(1, 'SKU is Required').refine((v) => v.length <= MAX_NUMBER_LENGTH && SKU_CHARACTERS.test(v), SKU_MESSAGE),
  price: priceField,
  availableQuantity: availableQuantityField,
  minimumOrder: minimumOrderField,
  weightKg: weightKgField,
  coreCharge: coreChargeField,
});

export type EditPartValues = z.input<typeof editPartSchema>;

/** A restock: how many units arrived (the shop's largest quantity at most). */
export const restockSchema = z.object({
  quantity: z
    .string()
    .trim()
    .min(1, 'Quantity is Required')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_QUANTITY, 'Quantity must be a whole number from 1 to 1,000,000'),
});

export type RestockValues = z.input<typeof restockSchema>;
