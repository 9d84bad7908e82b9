import { useFieldArray, useFormContext } from 'react-hook-form';
import { InputField, SelectField } from '@/components/ui/field';
import { NEW_FITMENT, type CatalogueValues } from '../schemas';
import { CATEGORIES } from '../types';

/**
 * How a part is found: part number, OEM numbers, the old part numbers it replaces, category, the
 * vehicles it fits (each with the engine, trim, axle, side and a note where they matter), and when
 * it runs low. `skuOptional` when adding: the shop then makes a part number up.
 */
export function CatalogueFields({ skuOptional = false }: { skuOptional?: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CatalogueValues>();
  const fitments = useFieldArray({ control, name: 'fitments' });
  const listError = errors.fitments?.message ?? errors.fitments?.root?.message;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField label="SKU" autoComplete="off" hint={skuOptional ? 'Left empty, the shop makes one up.' : undefined} error={errors.sku?.message} {...register('sku')} />
        <SelectField label="Category" error={errors.category?.message} {...register('category')}>
          {CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Reorder Level"
          inputMode="numeric"
          hint="Low stock at or below this."
          error={errors.reorderLevel?.message}
          {...register('reorderLevel')}
        />
      </div>
      <InputField
        label="OEM numbers"
        autoComplete="off"
        hint="The manufacturers' numbers this part replaces, separated by commas."
        error={errors.oemNumbers?.message}
        {...register('oemNumbers')}
      />
      <InputField
        label="Replaces"
        autoComplete="off"
        hint="Older part numbers this part supersedes, separated by commas: a search for one finds this part."
        error={errors.replaces?.message}
        {...register('replaces')}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">Fits these vehicles</legend>
        {fitments.fields.length === 0 ? <p className="text-sm text-base-content/70">No vehicles yet.</p> : null}
        {fitments.fields.map((field, index) => {
          const rowErrors = errors.fitments?.[index];
          return (
            <fieldset key={field.id} className="grid grid-cols-2 gap-3 rounded-box border border-base-300 p-3">
              <legend className="px-1 text-xs font-semibold text-base-content/70">Vehicle {index + 1}</legend>
              <InputField label="Make" autoComplete="off" error={rowErrors?.make?.message} {...register(`fitments.${index}.make`)} />
              <InputField label="Model" autoComplete="off" error={rowErrors?.model?.message} {...register(`fitments.${index}.model`)} />
              <InputField label="Year from" inputMode="numeric" error={rowErrors?.yearFrom?.message} {...register(`fitments.${index}.yearFrom`)} />
              <InputField label="Year to" inputMode="numeric" error={rowErrors?.yearTo?.message} {...register(`fitments.${index}.yearTo`)} />
              <InputField
                label="Engine"
                autoComplete="off"
                hint="e.g. 1.8L L4; empty: every engine"
                error={rowErrors?.engine?.message}
                {...register(`fitments.${index}.engine`)}
              />
              <InputField label="Trim" autoComplete="off" hint="Empty: every trim" error={rowErrors?.trim?.message} {...register(`fitments.${index}.trim`)} />
              <SelectField label="Axle" error={rowErrors?.axle?.message} {...register(`fitments.${index}.axle`)}>
                <option value="">Any axle</option>
                <option value="front">Front</option>
                <option value="rear">Rear</option>
              </SelectField>
              <SelectField label="Side" error={rowErrors?.side?.message} {...register(`fitments.${index}.side`)}>
                <option value="">Either side</option>
                <option value="left">Left</option>
                <option value="right">Right</option>
              </SelectField>
              <div className="col-span-2">
                <InputField label="Note" autoComplete="off" hint='e.g. "Manual transmission only"' error={rowErrors?.note?.message} {...register(`fitments.${index}.note`)} />
              </div>
              <div className="col-span-2">
                <button type="button" className="btn btn-sm btn-ghost text-error" aria-label={`Remove vehicle ${index + 1}`} onClick={() => fitments.remove(index)}>
                  Remove
                </button>
              </div>
            </fieldset>
          );
        })}
        {listError ? <p className="text-sm font-medium text-error">{listError}</p> : null}
        <div>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => fitments.append({ ...NEW_FITMENT })}>
            Add vehicle
          </button>
        </div>
      </fieldset>
    </>
  );
}
