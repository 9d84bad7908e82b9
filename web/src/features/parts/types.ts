/** The catalogue's fixed categories, in the shop's order. */
export const CATEGORIES = [
  'Brakes',
  'Engine',
  'Filters',
  'Suspension',
  'Steering',
  'Electrical',
  'Lighting',
  'Cooling',
  'Exhaust',
  'Transmission',
  'Body',
  'Interior',
  'Wheels & Tyres',
  'Other',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** The vehicles a part fits: a make and model over a span of model years (both included). */
export type Fitment = { make: string; model: string; yearFrom: number; yearTo: number };

/** A part in the catalogue, as `/api/part` answers it. */
export type Part = {
  _id: string;
  name: string;
  description: string;
  img: string;
  /** Unit price in currency units. */
  price: number;
  availableQuantity: number;
  minimumOrder: number;
  /** The shop's part number, e.g. BRK-1042. */
  sku: string;
  /** The manufacturers' numbers this part replaces, as entered. */
  oemNumbers: string[];
  category: Category;
  fitments: Fitment[];
  /** At or below this stock the part counts as low (`lowStock`). */
  reorderLevel: number;
  lowStock: boolean;
};

/** The fields an admin sends to add a part (the server makes up a SKU when none is sent). */
export type PartInput = Pick<
  Part,
  'name' | 'description' | 'img' | 'price' | 'availableQuantity' | 'minimumOrder' | 'oemNumbers' | 'category' | 'fitments' | 'reorderLevel'
> & { sku?: string };

/** `/api/category`: every category with how many parts it holds. */
export type CategoryCount = { name: Category; count: number };

/** `/api/vehicle`: the makes and models the catalogue's fitments name, with their widest year span. */
export type VehicleMake = { make: string; models: { model: string; yearFrom: number; yearTo: number }[] };
