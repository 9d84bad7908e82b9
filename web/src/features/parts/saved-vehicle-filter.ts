import type { Vehicle } from '@/lib/vehicle';
import type { CatalogueQuery } from './catalogue-query';
import { sameName } from './vehicle-options';

/**
 * The catalogue lists the parts for the buyer's saved vehicle unless the buyer chose otherwise in
 * this session ("Show all parts", "Clear filters", or "Any make"): kept in sessionStorage
 * `catalogue-vehicle` as "all" until the buyer picks the saved vehicle again.
 */
const KEY = 'catalogue-vehicle';

export function savedVehicleApplies(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== 'all';
  } catch {
    return true;
  }
}

/** Remembers for the session whether the saved vehicle filters the catalogue when the buyer comes back. */
export function rememberSavedVehicle(applies: boolean): void {
  try {
    if (applies) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, 'all');
  } catch {
    // Storage blocked: the saved vehicle applies again next time.
  }
}

/** Whether the catalogue's vehicle is the saved one (make, model and year). */
export function showsVehicle(query: Pick<CatalogueQuery, 'make' | 'model' | 'year'>, vehicle: Vehicle | null): vehicle is Vehicle {
  return vehicle !== null && sameName(query.make, vehicle.make) && sameName(query.model, vehicle.model) && query.year === vehicle.year;
}

/**
 * What a change the buyer made in the catalogue says about the saved vehicle: choosing it again
 * applies it from now on, leaving every vehicle out stops it; anything else leaves it as it was.
 */
export function rememberChoice(query: CatalogueQuery, vehicle: Vehicle | null): void {
  if (!vehicle) return;
  if (showsVehicle(query, vehicle)) rememberSavedVehicle(true);
  else if (!query.make) rememberSavedVehicle(false);
}

/**
 * The state of the catalogue's own navigations (filters, pages): a change the buyer made there,
 * after which the results are brought into view, and the saved vehicle is not applied again.
 */
export const CATALOGUE_CHANGE = { catalogueChange: true } as const;

export function isCatalogueChange(state: unknown): boolean {
  return (state as Partial<typeof CATALOGUE_CHANGE> | null)?.catalogueChange === true;
}
