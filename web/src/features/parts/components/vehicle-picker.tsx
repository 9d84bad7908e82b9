import { useEffect, useId, useRef, type ComponentType } from 'react';
import { Select } from '@/components/ui/field';
import { formatVehicle, saveVehicle, useVehicle, type Vehicle } from '@/lib/vehicle';
import { useVehicles } from '../api/get-vehicles';
import { sameName, vehicleOptions, type VehicleChoice } from '../vehicle-options';

/** A way to find the vehicle other than the selects (the VIN box), handing back the vehicle found. */
export type VehicleFinder = ComponentType<{ onUse: (vehicle: Vehicle) => void }>;

type VehiclePickerProps = {
  value: VehicleChoice;
  onChange: (choice: VehicleChoice) => void;
  /** Shown under the selects: another way to name the vehicle, whose choice is applied like theirs. */
  finder?: VehicleFinder | undefined;
  /** After the finder's vehicle is applied: where the buyer goes next (the results). */
  onFound?: (() => void) | undefined;
};

/** A vehicle as the catalogue filters by it: make, model, year and its engine when known. */
const choiceOf = (vehicle: Vehicle): VehicleChoice => ({ make: vehicle.make, model: vehicle.model, year: vehicle.year, engine: vehicle.engine });

/** Whether two choices name the same vehicle, as the catalogue's address writes it. */
const sameChoice = (a: VehicleChoice, b: VehicleChoice) =>
  a.make === b.make && a.model === b.model && a.year === b.year && (a.engine ?? '') === (b.engine ?? '');

/**
 * Year, make and model from the catalogue's fitments. A whole vehicle is remembered in this
 * browser, so the header and the purchase pages know it; the remembered vehicle chosen again
 * brings its engine along, and the catalogue then lists the parts for that engine.
 */
export function VehiclePicker({ value, onChange, finder: Finder, onFound }: VehiclePickerProps) {
  const vehicles = useVehicles();
  const stored = useVehicle();
  const id = useId();
  const options = vehicleOptions(vehicles.data ?? [], value);

  // The catalogue's address, and so `value`, catches up a moment after a choice: a second choice
  // made before it has (model, then year at once) builds on the first, never on the older value.
  // The choices handed over and not yet in the address wait in `pending`: the address reaching
  // one of them that has later ones after it (make, then model, then the make's address arriving)
  // leaves the latest choice alone. Only a vehicle the address names anew replaces it: the
  // catalogue hands over an equal value, a new object, each time it is drawn again (its results
  // arriving, say) while the address waits.
  const latest = useRef(value);
  const pending = useRef<VehicleChoice[]>([]);
  useEffect(() => {
    const now = { make: value.make, model: value.model, year: value.year, engine: value.engine };
    const reached = pending.current.findIndex((choice) => sameChoice(choice, now));
    pending.current = reached < 0 ? [] : pending.current.slice(reached + 1);
    if (pending.current.length === 0) latest.current = now;
  }, [value.make, value.model, value.year, value.engine]);

  const handOver = (choice: VehicleChoice) => {
    latest.current = choice;
    pending.current = [...pending.current, choice];
    onChange(choice);
  };
  const choose = (changes: Partial<VehicleChoice>) => {
    const { make, model, year } = { ...latest.current, ...changes };
    const whole = Boolean(make && model) && year !== null;
    const isStored = whole && stored !== null && sameName(stored.make, make) && sameName(stored.model, model) && stored.year === year;
    // A changed vehicle drops the engine (it was another vehicle's); the remembered one brings its own.
    handOver({ make, model, year, engine: isStored ? stored.engine : undefined });
    if (whole && !isStored) saveVehicle({ make, model, year: year! });
  };
  const apply = (vehicle: Vehicle) => {
    saveVehicle(vehicle);
    handOver(choiceOf(vehicle));
  };
  const showsStored =
    stored && sameName(stored.make, value.make) && sameName(stored.model, value.model) && stored.year === value.year;

  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-1">
      <legend className="mb-2 text-sm font-bold uppercase tracking-wider text-base-content/70">Your vehicle</legend>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-year`} className="text-sm font-semibold">
          Year
        </label>
        <Select
          id={`${id}-year`}
         
          value={value.year ?? ''}
          onChange={(e) => choose({ year: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Any year</option>
          {options.years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-make`} className="text-sm font-semibold">
          Make
        </label>
        <Select
          id={`${id}-make`}
         
          value={options.make}
          onChange={(e) => choose({ make: e.target.value, model: '' })}
        >
          <option value="">Any make</option>
          {options.makes.map((make) => (
            <option key={make} value={make}>
              {make}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-model`} className="text-sm font-semibold">
          Model
        </label>
        <Select
          id={`${id}-model`}
         
          value={options.model}
          disabled={!value.make}
          aria-describedby={value.make ? undefined : `${id}-model-hint`}
          onChange={(e) => choose({ model: e.target.value })}
        >
          <option value="">Any model</option>
          {options.models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </Select>
        {value.make ? null : (
          <p id={`${id}-model-hint`} className="text-xs text-base-content/70">
            Choose a make first.
          </p>
        )}
      </div>
      {value.engine ? (
        <p className="col-span-2 flex flex-wrap items-center gap-2 text-sm sm:col-span-3 lg:col-span-1">
          <span>
            Engine: <span className="font-semibold">{value.engine}</span>
          </span>
          <button type="button" className="btn btn-ghost btn-xs" aria-label={`Any engine, not only ${value.engine}`} onClick={() => onChange({ ...value, engine: undefined })}>
            Any engine
          </button>
        </p>
      ) : null}
      {vehicles.isError ? (
        <p className="col-span-2 text-sm text-error sm:col-span-3 lg:col-span-1" role="alert">
          The list of vehicles could not be loaded.{' '}
          <button type="button" className="link" onClick={() => void vehicles.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {stored && !showsStored ? (
        <button type="button" className="btn btn-sm btn-outline col-span-2 sm:col-span-3 lg:col-span-1" onClick={() => onChange(choiceOf(stored))}>
          Show parts for my {formatVehicle(stored)}
        </button>
      ) : null}
      {Finder ? (
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <Finder
            onUse={(vehicle) => {
              apply(vehicle);
              onFound?.();
            }}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
