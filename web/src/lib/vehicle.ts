import { useSyncExternalStore } from 'react';

/** The buyer's car, kept in this browser so every page can say whether a part fits it. */
export type Vehicle = { make: string; model: string; year: number };

/** Where the chosen vehicle lives: localStorage `vehicle` as `{"make","model","year"}`. */
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
    const value = JSON.parse(raw) as Partial<Record<keyof Vehicle, unknown>>;
    const { make, model, year } = value ?? {};
    if (typeof make !== 'string' || typeof model !== 'string' || !make.trim() || !model.trim()) return null;
    if (typeof year !== 'number' || !Number.isInteger(year)) return null;
    return { make: make.trim(), model: model.trim(), year };
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

export function saveVehicle(vehicle: Vehicle): void {
  try {
    localStorage.setItem(VEHICLE_KEY, JSON.stringify({ make: vehicle.make, model: vehicle.model, year: vehicle.year }));
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

/** The catalogue's query string for parts that fit `vehicle`: "?make=Toyota&model=Corolla&year=2015". */
export function vehicleSearch(vehicle: Vehicle): string {
  return `?${new URLSearchParams({ make: vehicle.make, model: vehicle.model, year: String(vehicle.year) })}`;
}
