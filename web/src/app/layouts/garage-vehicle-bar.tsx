import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { catalogueSearch, changeQuery, parseCatalogueQuery } from '@/features/parts/catalogue-query';
import { useGarage } from '@/features/vehicles/api/get-garage';
import { GarageSwitcher } from '@/features/vehicles/components/garage-switcher';
import { useVehicle, type Vehicle } from '@/lib/vehicle';
import { VehicleStrip } from './vehicle-bar';

/**
 * A signed-in buyer's vehicle strip: the chosen vehicle and the switcher over My Garage (shown
 * once there is a vehicle or a garage to show). Switching on the catalogue lists the new
 * vehicle's parts, the rest of the search kept.
 */
export default function GarageVehicleBar() {
  const vehicle = useVehicle();
  const garage = useGarage();
  const location = useLocation();
  const navigate = useNavigate();
  if (!vehicle && !garage.data?.length) return null;

  const onSwitched = (chosen: Vehicle) => {
    if (location.pathname !== paths.parts.path) return;
    const query = parseCatalogueQuery(new URLSearchParams(location.search));
    const next = changeQuery(query, { make: chosen.make, model: chosen.model, year: chosen.year, engine: chosen.engine });
    void navigate(paths.parts.getHref(catalogueSearch(next)));
  };

  return (
    <VehicleStrip vehicle={vehicle}>
      <GarageSwitcher current={vehicle} onSwitched={onSwitched} />
    </VehicleStrip>
  );
}
