import { describeVehicle, vehicleFrom, type Vehicle } from '@/lib/vehicle';
import type { GarageVehicle, VehicleRequest, VinVehicle } from './types';

/** My Garage's section on My Profile: the header's "Manage My Garage" leads to `/dashboard/myprofile#my-garage`. */
export const MY_GARAGE_ID = 'my-garage';

/** The body that adds `vehicle` to the garage (its nickname, if given). */
export function vehicleRequest(vehicle: Vehicle, nickname?: string | null): VehicleRequest {
  return {
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    engine: vehicle.engine ?? null,
    trim: vehicle.trim ?? null,
    vin: vehicle.vin ?? null,
    nickname: nickname?.trim() || null,
  };
}

/** The body that keeps a garage vehicle as it is but for `changes` (a PUT clears what it leaves out). */
export function garageRequest(vehicle: GarageVehicle, changes: Partial<VehicleRequest> = {}): VehicleRequest {
  return { ...vehicleRequest(vehicleFrom(vehicle), vehicle.nickname), ...changes };
}

/** "Ann's car (2014 Toyota Corolla 1.8L L4)", or the vehicle alone when it has no nickname. */
export function garageName(vehicle: GarageVehicle): string {
  const described = describeVehicle(vehicleFrom(vehicle));
  return vehicle.nickname ? `${vehicle.nickname} (${described})` : described;
}

/**
 * The vehicle a decoded VIN stands for in the shop: the make, model and year as the catalogue's
 * fitments spell them (a BMW 328i is the catalogue's 3 Series), else as the data names them, with
 * the decoded engine, trim and the VIN itself.
 */
export function vinVehicle(decoded: VinVehicle): Vehicle {
  const named = decoded.catalogueVehicle ?? { make: decoded.make, model: decoded.model, year: decoded.year };
  return vehicleFrom({ ...named, engine: decoded.engine ?? null, trim: decoded.trim ?? null, vin: decoded.vin });
}
