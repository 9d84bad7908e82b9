import type { GarageVehicle, VinVehicle } from '@/features/vehicles/types';

/** The shop's decoding of the README's Corolla VIN (`GET /api/vin/2T1BURHE0EC123456`), with `overrides`. */
export function makeVinVehicle(overrides: Partial<VinVehicle> = {}): VinVehicle {
  return {
    vin: '2T1BURHE0EC123456',
    year: 2014,
    make: 'Toyota',
    model: 'Corolla',
    series: 'ZRE172L',
    trim: 'L/LE',
    engine: '1.8L L4',
    engineCode: '2ZR-FE',
    displacementL: 1.8,
    cylinders: 4,
    fuel: 'Gasoline',
    body: 'Sedan/Saloon',
    drive: '4x2',
    transmission: null,
    checkDigitChecked: true,
    catalogueVehicle: { make: 'Toyota', model: 'Corolla', year: 2014 },
    fittingParts: 6,
    ...overrides,
  };
}

/** A vehicle of My Garage as `/api/garage` answers it, with `overrides`. */
export function makeGarageVehicle(overrides: Partial<GarageVehicle> = {}): GarageVehicle {
  return {
    _id: '1',
    nickname: null,
    year: 2015,
    make: 'Toyota',
    model: 'Corolla',
    engine: null,
    trim: null,
    vin: null,
    current: false,
    createdAt: '2026-01-02T10:00:00Z',
    updatedAt: '2026-01-02T10:00:00Z',
    ...overrides,
  };
}
