import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleMake } from '@/api/types';
import { partKeys } from '@/features/parts/api/keys';
import { api } from '@/lib/api-client';

/**
 * The makes and models the catalogue's parts fit (`GET /api/vehicle`), under the catalogue's own
 * key, so the garage and the vehicle selector share one answer.
 */
export function useCatalogueVehicles() {
  return useQuery(
    queryOptions({
      queryKey: partKeys.vehicles(),
      queryFn: () => api.get<VehicleMake[]>('/vehicle'),
      staleTime: 60_000,
    }),
  );
}

/** What to offer in the Make, Model and Year fields for what is typed so far (any case). */
export function vehicleSuggestions(makes: readonly VehicleMake[], make: string, model: string) {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const chosenMake = makes.find((m) => same(m.make, make));
  const chosenModel = chosenMake?.models.find((m) => same(m.model, model));
  const years: number[] = [];
  if (chosenModel) for (let year = chosenModel.yearTo; year >= chosenModel.yearFrom; year -= 1) years.push(year);
  return {
    makes: makes.map((m) => m.make),
    models: chosenMake ? chosenMake.models.map((m) => m.model) : [],
    years,
  };
}
