import { useId } from 'react';
import { Select } from '@/components/ui/field';
import { formatVehicle, saveVehicle, useVehicle } from '@/lib/vehicle';
import { useVehicles } from '../api/get-vehicles';
import { sameName, vehicleOptions, type VehicleChoice } from '../vehicle-options';

type VehiclePickerProps = { value: VehicleChoice; onChange: (choice: VehicleChoice) => void };

/**
 * Year, make and model from the catalogue's fitments. A whole vehicle is remembered in this
 * browser, so the header and the purchase pages know it.
 */
export function VehiclePicker({ value, onChange }: VehiclePickerProps) {
  const vehicles = useVehicles();
  const stored = useVehicle();
  const id = useId();
  const options = vehicleOptions(vehicles.data ?? [], value);

  const choose = (choice: VehicleChoice) => {
    onChange(choice);
    if (choice.make && choice.model && choice.year !== null) saveVehicle({ make: choice.make, model: choice.model, year: choice.year });
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
          onChange={(e) => choose({ ...value, year: e.target.value ? Number(e.target.value) : null })}
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
          onChange={(e) => choose({ ...value, make: e.target.value, model: '' })}
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
          onChange={(e) => choose({ ...value, model: e.target.value })}
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
      {vehicles.isError ? (
        <p className="col-span-2 text-sm text-error sm:col-span-3 lg:col-span-1" role="alert">
          The list of vehicles could not be loaded.{' '}
          <button type="button" className="link" onClick={() => void vehicles.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {stored && !showsStored ? (
        <button type="button" className="btn btn-sm btn-outline col-span-2 sm:col-span-3 lg:col-span-1" onClick={() => onChange(stored)}>
          Show parts for my {formatVehicle(stored)}
        </button>
      ) : null}
    </fieldset>
  );
}
