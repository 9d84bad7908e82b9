import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { clearVehicle, formatVehicle, useVehicle, vehicleSearch } from '@/lib/vehicle';

/** The header's strip with the buyer's chosen vehicle: a link to the parts that fit it, and Clear. */
export function VehicleBar() {
  const vehicle = useVehicle();
  if (!vehicle) return null;
  const name = formatVehicle(vehicle);
  return (
    <div className="border-t border-white/10 bg-black/20">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1 text-sm sm:px-6">
        <span className="text-neutral-content/80">Your vehicle:</span>
        <Link to={paths.parts.getHref(vehicleSearch(vehicle))} className="truncate font-semibold text-white underline underline-offset-2">
          {name}
        </Link>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-neutral-content/90 hover:text-white"
          aria-label="Clear vehicle"
          onClick={clearVehicle}
        >
          Clear
        </button>
      </div>
    </div>
  );
}
