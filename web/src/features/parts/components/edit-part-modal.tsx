import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { InputField, TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { ACCEPTED_IMAGES, uploadImage } from '@/lib/upload-image';
import { partQueryOptions } from '../api/get-part';
import { partKeys } from '../api/keys';
import { useUpdatePart, type PartChanges } from '../api/update-part';
import { CATALOGUE_FIELD_NAMES, catalogueInput, catalogueValues, coreChargeInput, editPartSchema, weightKgInput, type EditPartValues } from '../schemas';
import type { Part } from '../types';
import { CatalogueFields } from './catalogue-fields';

/** Edits a part's name, description, picture (previewed before saving), price, weight, core charge, stock and catalogue fields. */
export function EditPartModal({ part, onClose }: { part: Part | null; onClose: () => void }) {
  return (
    <Modal open={part !== null} title={`Edit ${part?.name ?? 'part'}`} onClose={onClose}>
      {part ? <EditPartForm key={part._id} part={part} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The part as the form shows it. */
function editValues(part: Part): EditPartValues {
  return {
    ...catalogueValues(part),
    name: part.name,
    description: part.description,
    price: String(part.price),
    availableQuantity: String(part.availableQuantity),
    minimumOrder: String(part.minimumOrder),
    weightKg: part.weightKg === undefined ? '' : String(part.weightKg),
    coreCharge: String(part.coreCharge),
  };
}

/** What the form's fields send to the shop, stock apart (it goes only when changed, see below). */
function editInput(values: EditPartValues): Omit<PartChanges, 'availableQuantity' | 'availableQuantitySeen'> {
  return {
    ...catalogueInput(values),
    sku: values.sku.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    minimumOrder: Number(values.minimumOrder),
    ...weightKgInput(values.weightKg),
    ...coreChargeInput(values.coreCharge),
  };
}

/**
 * Only the fields that differ from the part as loaded: what the admin left alone is not sent, so it
 * cannot write an old value over someone else's change. A new stock figure goes with the stock the
 * form loaded (`availableQuantitySeen`), and the shop refuses it if orders moved the stock since.
 */
function changedFields(values: EditPartValues, loaded: Part, stockSeen: number): PartChanges {
  const before = editInput(editValues(loaded)) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(editInput(values))) {
    if (JSON.stringify(value) !== JSON.stringify(before[field])) changes[field] = value;
  }
  const stock = Number(values.availableQuantity);
  if (stock !== stockSeen) Object.assign(changes, { availableQuantity: stock, availableQuantitySeen: stockSeen });
  return changes as PartChanges;
}

function EditPartForm({ part, onClose }: { part: Part; onClose: () => void }) {
  const updatePart = useUpdatePart();
  const queryClient = useQueryClient();
  // The stock figure the form loaded; a refused stock change loads the shop's current one.
  const [stockSeen, setStockSeen] = useState(part.availableQuantity);
  const [stockReloaded, setStockReloaded] = useState(false);
  // A new picture the admin chose: shown before saving, uploaded (POST /api/image) on Save.
  const [picture, setPicture] = useState<Picked | null>(null);
  const pickPicture = (file: File | null) => setPicture(file ? { file, url: URL.createObjectURL(file) } : null);
  // Each preview's object URL is let go once another replaces it or the form closes.
  useEffect(() => {
    if (!picture) return;
    const { url } = picture;
    return () => URL.revokeObjectURL(url);
  }, [picture]);
  const form = useForm<EditPartValues>({ resolver: zodResolver(editPartSchema), defaultValues: editValues(part) });
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = form;

  /** After the shop refused a stock change: its current stock into the form. True if it had moved. */
  const reloadStock = async (): Promise<boolean> => {
    try {
      const current = await queryClient.fetchQuery({ ...partQueryOptions(part._id), staleTime: 0 });
      if (current.availableQuantity === stockSeen) return false;
      setStockSeen(current.availableQuantity);
      setStockReloaded(true);
      resetField('availableQuantity', { defaultValue: String(current.availableQuantity) });
      void queryClient.invalidateQueries({ queryKey: partKeys.lists() });
      return true;
    } catch {
      return false;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const changes = changedFields(values, part, stockSeen);
    if (Object.keys(changes).length === 0 && !picture) {
      notify.info(`Nothing to save: ${part.name} is unchanged.`);
      onClose();
      return;
    }
    try {
      if (picture) changes.img = await uploadImage(picture.file);
      await updatePart.mutateAsync({ id: part._id, changes });
      notify.success(`${changes.name ?? part.name} is updated.`);
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'description', 'price', 'availableQuantity', 'minimumOrder', 'weightKg', 'coreCharge', ...CATALOGUE_FIELD_NAMES]);
      if (error instanceof ApiError && error.status === 409) {
        // Either the stock moved since the form loaded it, or the part number is another part's.
        const stockMoved = 'availableQuantity' in changes && (await reloadStock());
        if (!stockMoved && 'sku' in changes) setError('sku', { type: 'server', message: error.message });
      }
      notify.error(errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <PicturePicker current={part.img} name={part.name} picture={picture} onPick={pickPicture} />
      <div className="grid grid-cols-2 gap-4">
        <InputField label="Price" inputMode="decimal" error={errors.price?.message} {...register('price')} />
        <InputField label="Weight (kg)" inputMode="decimal" error={errors.weightKg?.message} {...register('weightKg')} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label="Core charge"
          inputMode="decimal"
          hint="A deposit refunded when the buyer returns the old part; 0 for none."
          error={errors.coreCharge?.message}
          {...register('coreCharge')}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label="Available Quantity"
          inputMode="numeric"
          hint={stockReloaded ? `Reloaded: ${stockSeen} in stock now.` : undefined}
          error={errors.availableQuantity?.message}
          {...register('availableQuantity')}
        />
        <InputField label="Minimum Order" inputMode="numeric" error={errors.minimumOrder?.message} {...register('minimumOrder')} />
      </div>
      <CatalogueFields />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Save
        </button>
      </div>
    </form>
    </FormProvider>
  );
}

/** A new picture the admin chose and the object URL its preview shows. */
type Picked = { file: File; url: string };

/** The part's picture and a file input for a new one, previewed as it will show before it is saved. */
function PicturePicker({ current, name, picture, onPick }: { current: string; name: string; picture: Picked | null; onPick: (file: File | null) => void }) {
  const inputId = useId();
  const hintId = useId();
  const preview = picture?.url ?? null;
  // Bumped to empty the file input when the admin keeps the current picture.
  const [cleared, setCleared] = useState(0);

  return (
    <div className="flex items-start gap-4">
      <figure className="shrink-0">
        <img
          src={preview ?? current}
          alt={preview ? `Preview of the new picture of ${name}` : `Picture of ${name}`}
          width={96}
          height={96}
          className="h-24 w-24 rounded object-cover"
        />
        <figcaption className="mt-1 text-xs text-base-content/75">{preview ? 'New, not saved yet' : 'Current'}</figcaption>
      </figure>
      <div className="grid min-w-0 grow gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Picture
        </label>
        <input
          key={cleared}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGES}
          aria-describedby={hintId}
          className="file-input file-input-bordered file-input-sm w-full"
          onChange={(event) => onPick(event.target.files?.[0] ?? null)}
        />
        <p id={hintId} className="text-xs text-base-content/75">
          JPEG, PNG, WebP or GIF, up to 10 MB. Leave empty to keep the current picture.
        </p>
        {picture ? (
          <button type="button" className="btn btn-ghost btn-xs justify-self-start" onClick={() => {
              onPick(null);
              setCleared((n) => n + 1);
            }}
          >
            Keep the current picture
          </button>
        ) : null}
      </div>
    </div>
  );
}
