// Relative, not '@/api/enums': vite.config.ts loads this file (through catalogue-query.ts) before the
// '@' alias exists.
// eslint-disable-next-line no-restricted-imports
import { schemaEnums } from '../../api/enums.ts';
import type { Narrowed, Part as ApiPart, CategoryCount as ApiCategoryCount, Fitment as ApiFitment, PartRequest, VehicleMake as ApiVehicleMake } from '@/api/types';
import type { PartWeight } from '@/features/cart/api-types';

/** The catalogue's fixed categories, in the shop's order: the values the API takes for a part's category. */
export const CATEGORIES = schemaEnums.PartRequest.category;

export type Category = (typeof CATEGORIES)[number];

/**
 * The vehicles a part fits: a make and model over a span of model years (both included), and
 * optionally the engine, trim, axle, side and a note (docs/decisions.md, D26).
 */
export type Fitment = ApiFitment;

/** The axles and sides a fitment may name, as the shop answers them (lower-case). */
export const AXLES = ['front', 'rear'] as const;
export const SIDES = ['left', 'right'] as const;
export type Axle = (typeof AXLES)[number];
export type Side = (typeof SIDES)[number];

/**
 * A part in the catalogue, as `/api/part` answers it: its category is one of the catalogue's. Its
 * weight (`weightKg`, for delivery prices) is absent from the answers of a shop from before delivery.
 * `replaces` and `matchedReplaced` are always sent (the OpenAPI document marks them optional only
 * for clients written before them): the superseded part numbers, and the one a search matched.
 */
export type Part = Omit<ApiPart, 'category' | 'replaces' | 'matchedReplaced' | keyof PartWeight> & {
  category: Narrowed<ApiPart['category'], Category>;
  replaces: string[];
  matchedReplaced: string | null;
} & Partial<PartWeight>;

/** The fields an admin sends to add a part (the server makes up a SKU when none is sent, and a weight of 0). */
export type PartInput = Omit<PartRequest, keyof PartWeight> & Partial<PartWeight>;

/** `/api/category`: every category with how many parts it holds. */
export type CategoryCount = Omit<ApiCategoryCount, 'name'> & { name: Narrowed<ApiCategoryCount['name'], Category> };

/** `/api/vehicle`: the makes and models the catalogue's fitments name, with their widest year span. */
export type VehicleMake = ApiVehicleMake;
