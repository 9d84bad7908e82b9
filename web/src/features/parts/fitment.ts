import { formatVehicle, sameEngine, type Vehicle } from '@/lib/vehicle';
import type { Fitment } from './types';
import { sameName } from './vehicle-options';

/** Whether a fitment row covers the vehicle's make and model (any case) and year (within the span). */
function coversVehicle(f: Fitment, vehicle: Vehicle): boolean {
  return sameName(f.make, vehicle.make) && sameName(f.model, vehicle.model) && f.yearFrom <= vehicle.year && vehicle.year <= f.yearTo;
}

/**
 * The fitment rows that cover the vehicle: its make, model and year, and, when the vehicle's
 * engine is known, a row naming that engine or none (a row without an engine fits every engine, D26).
 */
export function matchingFitments(fitments: readonly Fitment[], vehicle: Vehicle): Fitment[] {
  return fitments.filter((f) => coversVehicle(f, vehicle) && (!vehicle.engine || !f.engine || sameEngine(f.engine, vehicle.engine)));
}

/** Whether one of the part's fitment rows covers the vehicle (make and model in any case, year within the span, engine if known). */
export function fitsVehicle(fitments: readonly Fitment[], vehicle: Vehicle): boolean {
  return matchingFitments(fitments, vehicle).length > 0;
}

/** "2009–2019", or one year when the span is a single year. */
export function yearSpan({ yearFrom, yearTo }: { yearFrom: number; yearTo: number }): string {
  return yearFrom === yearTo ? String(yearFrom) : `${yearFrom}–${yearTo}`;
}

/** Where the part goes: "front axle", "left side", "front axle, left side"; null when the row names neither. */
export function positionText(f: Pick<Fitment, 'axle' | 'side'>): string | null {
  const parts = [f.axle ? `${f.axle} axle` : null, f.side ? `${f.side} side` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * A fitment row's qualifiers in the order a buyer reads them: engine, trim, position, note
 * ("1.8L L4", "LE trim", "front axle, left side", "Manual transmission only"). Empty for a row
 * that fits every engine, trim and position.
 */
export function qualifierList(f: Fitment): string[] {
  return [f.engine ?? null, f.trim ? `${f.trim} trim` : null, positionText(f), f.note ?? null].filter((q): q is string => Boolean(q));
}

/** "1.8L" of "1.8L L4": the displacement a buyer knows an engine by. */
export function engineSize(engine: string): string {
  return engine.trim().split(/\s+/)[0] ?? engine;
}

/**
 * What the purchase page says about the buyer's vehicle: "Fits your 2015 Toyota Corolla",
 * "Fits your 2015 Toyota Corolla 1.8L, front axle" (the vehicle's engine, and the qualifiers of
 * the rows that fit it, the note apart), or "Not listed for your …".
 */
export function fitMessage(fitments: readonly Fitment[], vehicle: Vehicle): { fits: boolean; text: string; notes: string[] } {
  const name = vehicle.engine ? `${formatVehicle(vehicle)} ${engineSize(vehicle.engine)}` : formatVehicle(vehicle);
  const rows = matchingFitments(fitments, vehicle);
  if (rows.length === 0) return { fits: false, text: `Not listed for your ${name}`, notes: [] };
  // Each row's own qualifiers (the vehicle's known engine goes without saying); rows that say the
  // same are told once, and different rows are alternatives ("front axle or rear axle").
  const alternatives = unique(
    rows.map((f) =>
      [vehicle.engine ? null : f.engine ? `${f.engine} engine` : null, f.trim ? `${f.trim} trim` : null, positionText(f)]
        .filter(Boolean)
        .join(', '),
    ),
  );
  const qualified = alternatives.every(Boolean) ? `, ${alternatives.join(' or ')}` : '';
  const notes = unique(rows.map((f) => f.note ?? '')).filter(Boolean);
  return { fits: true, text: `Fits your ${name}${qualified}`, notes };
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
