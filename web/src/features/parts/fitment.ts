import type { Vehicle } from '@/lib/vehicle';
import type { Fitment } from './types';
import { sameName } from './vehicle-options';

/** Whether one of the part's fitment rows covers the vehicle (make and model in any case, year within the span). */
export function fitsVehicle(fitments: readonly Fitment[], vehicle: Vehicle): boolean {
  return fitments.some(
    (f) => sameName(f.make, vehicle.make) && sameName(f.model, vehicle.model) && f.yearFrom <= vehicle.year && vehicle.year <= f.yearTo,
  );
}

/** "2009–2019", or one year when the span is a single year. */
export function yearSpan({ yearFrom, yearTo }: { yearFrom: number; yearTo: number }): string {
  return yearFrom === yearTo ? String(yearFrom) : `${yearFrom}–${yearTo}`;
}
