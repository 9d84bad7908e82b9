import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { VinVehicle } from '../types';
import { vinKeys } from './keys';

/** The shop's decoding of a VIN; a refused VIN (400) or one the data does not know (404) is the error. */
export const vinQueryOptions = (vin: string) =>
  queryOptions({
    queryKey: vinKeys.lookup(vin),
    queryFn: () => api.get<VinVehicle>(`/vin/${encodeURIComponent(vin)}`),
    // A VIN always decodes the same; only the count of fitting parts may move.
    staleTime: 5 * 60_000,
    // The shop's refusal is the answer: asking again changes nothing.
    retry: false,
  });

/** The decoding of `vin`, asked for only once a VIN is given (null: none yet). */
export function useVinLookup(vin: string | null) {
  return useQuery({ ...vinQueryOptions(vin ?? ''), enabled: vin !== null });
}
