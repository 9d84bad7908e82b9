import type { GarageVehicle as ApiGarageVehicle, VehicleRequest as ApiVehicleRequest, VinVehicle as ApiVinVehicle } from '@/api/types';

/** `GET /api/vin/{vin}`: what the VIN says about its vehicle, and how the catalogue names it. */
export type VinVehicle = ApiVinVehicle;

/** A vehicle in the signed-in buyer's garage; at most one is `current`. */
export type GarageVehicle = ApiGarageVehicle;

/** What adding, editing or merging a garage vehicle sends. */
export type VehicleRequest = ApiVehicleRequest;
