import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { GarageVehicle, VehicleRequest } from '@/api/types';
import { api } from './api-client';
import { getVehicle, saveVehicle, vehicleFrom } from './vehicle';

/**
 * The garage's query keys (`garageKeys.all` of the vehicles feature, named here as shared code
 * does not import features; a test holds the two together).
 */
export const GARAGE_QUERY_KEY: QueryKey = ['garage'];

/**
 * Joins this browser's vehicle and the account's garage once a session starts (log-in, sign-up,
 * Google, a password reset): the vehicle remembered here goes into the garage as its current one
 * (`POST /api/garage/merge`, which never adds it twice, D25); with none remembered, the garage's
 * current vehicle becomes this browser's. The garage is a help, not a step of signing in: when it
 * cannot be reached, the session goes on as it is.
 */
export async function joinGarage(queryClient: QueryClient): Promise<void> {
  const remembered = getVehicle();
  try {
    if (remembered) {
      const body: VehicleRequest = {
        year: remembered.year,
        make: remembered.make,
        model: remembered.model,
        engine: remembered.engine ?? null,
        trim: remembered.trim ?? null,
        vin: remembered.vin ?? null,
      };
      await api.post<GarageVehicle>('/garage/merge', body);
    } else {
      const current = (await api.get<GarageVehicle[]>('/garage')).find((vehicle) => vehicle.current);
      if (current && !getVehicle()) saveVehicle(vehicleFrom(current));
    }
  } catch {
    // A full garage (409) or a shop out of reach: the vehicle stays this browser's alone.
  }
  await queryClient.invalidateQueries({ queryKey: GARAGE_QUERY_KEY });
}
