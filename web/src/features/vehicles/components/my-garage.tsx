import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { clearVehicle, describeVehicle, formatVehicle, sameVehicle, saveVehicle, useVehicle, vehicleFrom, vehicleSearch, type Vehicle } from '@/lib/vehicle';
import { useAddVehicle } from '../api/add-vehicle';
import { useCatalogueVehicles, vehicleSuggestions } from '../api/get-catalogue-vehicles';
import { useGarage } from '../api/get-garage';
import { useMakeCurrent } from '../api/make-current';
import { useRemoveVehicle } from '../api/remove-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import { garageName, garageRequest, MY_GARAGE_ID, vehicleRequest } from '../garage';
import { garageVehicleSchema, nicknameSchema, type GarageVehicleValues, type NicknameValues } from '../schemas';
import type { GarageVehicle } from '../types';
import { VinLookup } from './vin-lookup';

/**
 * My Garage: the buyer's vehicles, the one the shop shows parts for marked current, each to make
 * current, nickname or remove; and ways to add one (the vehicle chosen in this browser, a VIN, or
 * year, make and model).
 */
export function MyGarage() {
  const garage = useGarage();
  const current = useVehicle();
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const vehicles = garage.data ?? [];

  // Opened from the header's switcher: the section comes into view with the focus on its heading.
  const wanted = location.hash === `#${MY_GARAGE_ID}`;
  useEffect(() => {
    if (!wanted) return;
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus();
  }, [wanted]);

  return (
    <section id={MY_GARAGE_ID} aria-labelledby="my-garage-title" className="scroll-mt-24">
      <h2 id="my-garage-title" ref={headingRef} tabIndex={-1} className="mb-1 text-lg font-semibold focus:outline-none">
        My Garage
      </h2>
      <p className="mb-4 text-sm text-base-content/75">
        Keep the vehicles you buy parts for. The current one is the one the shop shows parts for; switch it here or from the header.
      </p>
      {garage.isPending ? <Spinner label="Loading your garage" /> : null}
      {garage.isError ? <ErrorBox error={garage.error} onRetry={() => void garage.refetch()} /> : null}
      {garage.isSuccess ? (
        <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
          <div>
            {vehicles.length === 0 ? (
              <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/75">No vehicles yet. Add one to keep it here.</p>
            ) : (
              <ul aria-label="Your vehicles" className="grid gap-3">
                {vehicles.map((vehicle) => (
                  <GarageRow key={vehicle._id} vehicle={vehicle} isCurrent={current !== null && sameVehicle(vehicle, current)} />
                ))}
              </ul>
            )}
          </div>
          <AddVehicle vehicles={vehicles} current={current} />
        </div>
      ) : null}
    </section>
  );
}

function GarageRow({ vehicle, isCurrent }: { vehicle: GarageVehicle; isCurrent: boolean }) {
  const makeCurrent = useMakeCurrent();
  const remove = useRemoveVehicle();
  const [editing, setEditing] = useState(false);
  const name = garageName(vehicle);
  const shown = vehicleFrom(vehicle);

  const onMakeCurrent = () => {
    saveVehicle(shown);
    makeCurrent.mutate(vehicle._id, {
      onSuccess: () => notify.success(`${formatVehicle(shown)} is your current vehicle.`),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  const onRemove = () => {
    remove.mutate(vehicle._id, {
      onSuccess: () => {
        // The vehicle gone from the garage is no longer the one the shop shows parts for.
        if (isCurrent) clearVehicle();
        notify.success(`${name} is removed from My Garage.`);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <li className={`rounded-box border p-4 ${isCurrent ? 'border-primary bg-primary/5' : 'border-base-300'}`} aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{vehicle.nickname ?? describeVehicle(shown)}</p>
          {vehicle.nickname ? <p className="text-sm text-base-content/75">{describeVehicle(shown)}</p> : null}
          {vehicle.vin ? <p className="font-mono text-xs text-base-content/70">VIN {vehicle.vin}</p> : null}
        </div>
        {isCurrent ? <span className="badge badge-primary">Current</span> : null}
      </div>
      {editing ? (
        <NicknameForm vehicle={vehicle} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {isCurrent ? null : (
            <button type="button" className="btn btn-sm btn-primary" aria-label={`Make current: ${name}`} disabled={makeCurrent.isPending} onClick={onMakeCurrent}>
              Make current
            </button>
          )}
          <Link to={paths.parts.getHref(vehicleSearch(shown))} className="btn btn-sm btn-outline" aria-label={`Parts that fit ${name}`}>
            Parts that fit
          </Link>
          <button type="button" className="btn btn-sm btn-ghost" aria-label={`Edit nickname of ${name}`} onClick={() => setEditing(true)}>
            Edit nickname
          </button>
          <button type="button" className="btn btn-sm btn-ghost text-error" aria-label={`Remove ${name}`} disabled={remove.isPending} onClick={onRemove}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

function NicknameForm({ vehicle, onDone }: { vehicle: GarageVehicle; onDone: () => void }) {
  const update = useUpdateVehicle();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<NicknameValues>({ resolver: zodResolver(nicknameSchema), defaultValues: { nickname: vehicle.nickname ?? '' } });

  useEffect(() => setFocus('nickname', { shouldSelect: true }), [setFocus]);

  const onSubmit = handleSubmit(async ({ nickname }) => {
    try {
      // A PUT replaces every field: the vehicle goes whole, with its new nickname.
      await update.mutateAsync({ id: vehicle._id, vehicle: garageRequest(vehicle, { nickname: nickname.trim() || null }) });
      notify.success(nickname.trim() ? `The nickname is now ${nickname.trim()}.` : 'The nickname is removed.');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['nickname']);
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <InputField label="Nickname" autoComplete="off" maxLength={60} hint="Left empty, the vehicle has none." error={errors.nickname?.message} {...register('nickname')} />
      </div>
      <button type="submit" className="btn btn-sm btn-primary" disabled={isSubmitting}>
        Save nickname
      </button>
      <button type="button" className="btn btn-sm" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

const EMPTY: GarageVehicleValues = { year: '', make: '', model: '', engine: '', trim: '', nickname: '' };

/** The ways to add a vehicle: the one chosen in this browser, a VIN, or year, make and model by hand. */
function AddVehicle({ vehicles, current }: { vehicles: GarageVehicle[]; current: Vehicle | null }) {
  const add = useAddVehicle();
  const formId = useId();
  const currentSaved = current === null || vehicles.some((vehicle) => sameVehicle(vehicle, current));

  const addVehicle = async (vehicle: Vehicle, nickname?: string) => {
    const added = await add.mutateAsync(vehicleRequest(vehicle, nickname));
    // The first vehicle of a garage becomes current: this browser shops for it too, when it had none.
    if (added.current && !current) saveVehicle(vehicleFrom(added));
    notify.success(`${formatVehicle(vehicle)} is saved in My Garage.`);
  };
  const tryAdd = (vehicle: Vehicle) => void addVehicle(vehicle).catch((error: unknown) => notify.error(errorMessage(error)));

  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<GarageVehicleValues>({ resolver: zodResolver(garageVehicleSchema), defaultValues: EMPTY });
  // The catalogue's makes, then the models of the make typed, then the years that model spans,
  // offered as the buyer types; a vehicle the catalogue does not list yet may still be typed in.
  const catalogue = useCatalogueVehicles();
  const [make, model] = useWatch({ control, name: ['make', 'model'] });
  const suggestions = vehicleSuggestions(catalogue.data ?? [], make, model);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await addVehicle(
        {
          year: Number(values.year),
          make: values.make.trim(),
          model: values.model.trim(),
          // Written as the shop writes engines: spaces collapsed.
          ...(values.engine.trim() ? { engine: values.engine.trim().replace(/\s+/g, ' ') } : {}),
          ...(values.trim.trim() ? { trim: values.trim.trim() } : {}),
        },
        values.nickname,
      );
      reset(EMPTY);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['year', 'make', 'model', 'engine', 'trim', 'nickname']);
      notify.error(errorMessage(error));
    }
  });

  return (
    <div className="flex flex-col gap-5 rounded-box bg-base-200 p-4">
      <h3 className="font-semibold">Add a vehicle</h3>
      {current && !currentSaved ? (
        <button type="button" className="btn btn-sm btn-primary" disabled={add.isPending} onClick={() => tryAdd(current)}>
          Add my {describeVehicle(current)}
        </button>
      ) : null}
      <VinLookup actionLabel="Add to My Garage" busy={add.isPending} onUse={tryAdd} />
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${formId}-title`} className="grid grid-cols-2 gap-3">
        <p id={`${formId}-title`} className="col-span-2 text-sm font-semibold">
          Or by year, make and model
        </p>
        <InputField label="Make" autoComplete="off" list={`${formId}-makes`} error={errors.make?.message} {...register('make')} />
        <InputField label="Model" autoComplete="off" list={`${formId}-models`} error={errors.model?.message} {...register('model')} />
        <InputField label="Year" inputMode="numeric" autoComplete="off" list={`${formId}-years`} error={errors.year?.message} {...register('year')} />
        <Choices id={`${formId}-makes`} values={suggestions.makes} />
        <Choices id={`${formId}-models`} values={suggestions.models} />
        <Choices id={`${formId}-years`} values={suggestions.years.map(String)} />
        <InputField label="Engine" autoComplete="off" hint="Optional, e.g. 1.8L L4" error={errors.engine?.message} {...register('engine')} />
        <InputField label="Trim" autoComplete="off" hint="Optional" error={errors.trim?.message} {...register('trim')} />
        <InputField label="Nickname" autoComplete="off" hint="Optional" error={errors.nickname?.message} {...register('nickname')} />
        <div className="col-span-2">
          <button type="submit" className="btn btn-sm btn-outline" disabled={isSubmitting}>
            Add vehicle
          </button>
        </div>
      </form>
    </div>
  );
}

/** Values a text field offers as the buyer types (its `list`). */
function Choices({ id, values }: { id: string; values: readonly string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}
