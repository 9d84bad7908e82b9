import { Suspense, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { clearVehicle, describeVehicle, useVehicle, vehicleSearch, type Vehicle } from '@/lib/vehicle';

// Fetched only for a signed-in buyer: the switcher over My Garage. The home page's bundle stays as it was.
const GarageVehicleBar = lazy(() => import('./garage-vehicle-bar'));

/**
 * The strip under the header with the buyer's vehicle: a link to the parts that fit it, Clear, and
 * what `children` add (the switcher over My Garage). With no vehicle chosen it says so.
 */
export function VehicleStrip({ vehicle, children }: { vehicle: Vehicle | null; children?: ReactNode }) {
  return (
    <div className="border-t border-white/10 bg-black/20">
      {/* One line on a phone (the label is read, not shown; a long name is cut short), so the sticky
          header keeps most of the screen for the page. */}
      <div className="mx-auto flex max-w-7xl items-center gap-x-2 gap-y-1 px-4 py-0.5 text-sm sm:flex-wrap sm:px-6 sm:py-1">
        <span className="text-neutral-content/80 max-sm:sr-only">Your vehicle:</span>
        {vehicle ? (
          <Link to={paths.parts.getHref(vehicleSearch(vehicle))} className="min-w-0 truncate font-semibold text-white underline underline-offset-2">
            {describeVehicle(vehicle)}
          </Link>
        ) : (
          <span className="text-neutral-content/90">none chosen</span>
        )}
        {children}
        {vehicle ? (
          <button
            type="button"
            className="btn btn-ghost btn-xs text-neutral-content/90 hover:text-white"
            aria-label="Clear vehicle"
            onClick={clearVehicle}
          >
            Clear
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The header's strip with the buyer's chosen vehicle. A signed-in buyer's strip switches between
 * the vehicles of My Garage.
 */
export function VehicleBar() {
  const vehicle = useVehicle();
  const user = useUser();
  if (user.data) {
    return (
      <Suspense fallback={vehicle ? <VehicleStrip vehicle={vehicle} /> : null}>
        <GarageVehicleBar />
      </Suspense>
    );
  }
  if (!vehicle) return null;
  return <VehicleStrip vehicle={vehicle} />;
}
