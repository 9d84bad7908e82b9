import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useVehicle } from '@/lib/vehicle';
import { catalogueSearch, EMPTY_QUERY } from '../catalogue-query';
import { CATALOGUE_CHANGE, rememberChoice } from '../saved-vehicle-filter';
import type { VehicleChoice } from '../vehicle-options';
import { VehiclePicker } from './vehicle-picker';

const NO_VEHICLE: VehicleChoice = { make: '', model: '', year: null };

/**
 * The catalogue's vehicle picker on its own (the home page's): starts at the saved vehicle, and
 * "Show parts" opens the catalogue for what is chosen.
 */
export function VehicleFinder() {
  const stored = useVehicle();
  const [picked, setPicked] = useState<VehicleChoice | null>(null);
  const choice = picked ?? (stored ? { make: stored.make, model: stored.model, year: stored.year, engine: stored.engine } : NO_VEHICLE);
  const query = { ...EMPTY_QUERY, ...choice };
  return (
    <div className="flex flex-col gap-4">
      <VehiclePicker value={choice} onChange={setPicked} />
      {/* What is chosen here is the catalogue's filter, as if chosen there ("Any make" too). */}
      <Link to={paths.parts.getHref(catalogueSearch(query))} state={CATALOGUE_CHANGE} onClick={() => rememberChoice(query, stored)} className="btn btn-primary">
        {choice.make ? 'Show parts for this vehicle' : 'Show all parts'}
      </Link>
    </div>
  );
}
