import { useSyncExternalStore } from 'react';

/**
 * The buyer's car, kept in this browser so every page can say whether a part fits it. The engine
 * (written as fitments write engines, `1.8L L4`), trim and VIN are known when the vehicle came
 * from a VIN or from My Garage.
 */
export type Vehicle = { make: string; model: string; year: number; engine?: string; trim?: string; vin?: string };

/** The optional details of a vehicle, in the order they are stored. */
const DETAILS = ['engine', 'trim', 'vin'] as const;

/**
 * Where the chosen vehicle lives: localStorage `vehicle` as `{"make","model","year"}`, with
 * `engine`, `trim` and `vin` when it has them.
 */
const VEHICLE_KEY = 'vehicle';

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedVehicle: Vehicle | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(VEHICLE_KEY);
  } catch {
    return null;
  }
}

/** A stored value, if it is a whole vehicle (anything else, e.g. edited by hand, counts as none). */
export function parseVehicle(raw: string | null): Vehicle | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof Vehicle, unknown>> | null;
    const { make, model, year } = value ?? {};
    if (typeof make !== 'string' || typeof model !== 'string' || !make.trim() || !model.trim()) return null;
    if (typeof year !== 'number' || !Number.isInteger(year)) return null;
    const vehicle: Vehicle = { make: make.trim(), model: model.trim(), year };
    // A detail that is not text is left out: the vehicle is still whole without it.
    for (const key of DETAILS) {
      const detail = value?.[key];
      if (typeof detail === 'string' && detail.trim()) vehicle[key] = detail.trim();
    }
    return vehicle;
  } catch {
    return null;
  }
}

/** The chosen vehicle, the same object until it changes (as useSyncExternalStore needs). */
export function getVehicle(): Vehicle | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedVehicle = parseVehicle(raw);
  }
  return cachedVehicle;
}

function changed() {
  listeners.forEach((listener) => listener());
}

/** The vehicle as stored: make, model, year, then only the details it has (blank ones left out). */
function storedForm(vehicle: Vehicle): Vehicle {
  const stored: Vehicle = { make: vehicle.make, model: vehicle.model, year: vehicle.year };
  for (const key of DETAILS) {
    const detail = vehicle[key]?.trim();
    if (detail) stored[key] = detail;
  }
  return stored;
}

export function saveVehicle(vehicle: Vehicle): void {
  try {
    localStorage.setItem(VEHICLE_KEY, JSON.stringify(storedForm(vehicle)));
  } catch {
    // Storage may be full or blocked: the choice is then not remembered.
  }
  changed();
}

export function clearVehicle(): void {
  try {
    localStorage.removeItem(VEHICLE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab choosing or clearing a vehicle changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === VEHICLE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen vehicle, re-rendering when it is chosen or cleared here or in another tab. */
export function useVehicle(): Vehicle | null {
  return useSyncExternalStore(subscribe, getVehicle, () => null);
}

/** "2015 Toyota Corolla". */
export function formatVehicle(vehicle: Vehicle): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** "2015 Toyota Corolla 1.8L L4 LE": the name with the engine and trim it is known by. */
export function describeVehicle(vehicle: Vehicle): string {
  return [formatVehicle(vehicle), vehicle.engine, vehicle.trim].filter(Boolean).join(' ');
}

/**
 * The catalogue's query string for parts that fit `vehicle`: "?make=Toyota&model=Corolla&year=2015",
 * and "&engine=1.8L+L4" when its engine is known.
 */
export function vehicleSearch(vehicle: Vehicle): string {
  const params = new URLSearchParams({ make: vehicle.make, model: vehicle.model, year: String(vehicle.year) });
  if (vehicle.engine) params.set('engine', vehicle.engine);
  return `?${params}`;
}

/** Text compared as the shop compares it: any case, spaces collapsed; absent and blank are the same. */
const key = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether two engines are the same as the shop compares them (`1.8l  l4` is `1.8L L4`). */
export function sameEngine(a: string | null | undefined, b: string | null | undefined): boolean {
  return key(a) === key(b);
}

type VehicleLike = { make: string; model: string; year: number; engine?: string | null; trim?: string | null; vin?: string | null };

/**
 * Whether two vehicles are one, as My Garage decides it (docs/decisions.md, D25): the same VIN, or,
 * neither having one, the same year, make, model, engine and trim in any case.
 */
export function sameVehicle(a: VehicleLike, b: VehicleLike): boolean {
  if (a.vin || b.vin) return key(a.vin) === key(b.vin);
  return (
    a.year === b.year && key(a.make) === key(b.make) && key(a.model) === key(b.model) && key(a.engine) === key(b.engine) && key(a.trim) === key(b.trim)
  );
}

/** The vehicle a garage vehicle (or any answer with nulls for what it lacks) stands for. */
export function vehicleFrom(source: VehicleLike): Vehicle {
  return storedForm({
    make: source.make,
    model: source.model,
    year: source.year,
    ...(source.engine ? { engine: source.engine } : {}),
    ...(source.trim ? { trim: source.trim } : {}),
    ...(source.vin ? { vin: source.vin } : {}),
  });
}
