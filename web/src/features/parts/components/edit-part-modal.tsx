import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useUpdatePart } from '../api/update-part';
import { CATALOGUE_FIELD_NAMES, catalogueInput, catalogueValues, editPartSchema, type EditPartValues } from '../schemas';
import type { Part } from '../types';
import { CatalogueFields } from './catalogue-fields';

/** Edits a part's price, stock and catalogue fields; its name, description and picture stay. */
export function EditPartModal({ part, onClose }: { part: Part | null; onClose: () => void }) {
  return (
    <Modal open={part !== null} title={`Edit ${part?.name ?? 'part'}`} onClose={onClose}>
      {part ? <EditPartForm key={part._id} part={part} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditPartForm({ part, onClose }: { part: Part; onClose: () => void }) {
  const updatePart = useUpdatePart();
  const form = useForm<EditPartValues>({
    resolver: zodResolver(editPartSchema),
    defaultValues: {
      ...catalogueValues(part),
      price: String(part.price),
      availableQuantity: String(part.availableQuantity),
      minimumOrder: String(part.minimumOrder),
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updatePart.mutateAsync({
        id: part._id,
        changes: {
          ...catalogueInput(values),
          sku: values.sku.trim(),
          price: Number(values.price),
          availableQuantity: Number(values.availableQuantity),
          minimumOrder: Number(values.minimumOrder),
        },
      });
      notify.success(`${part.name} is updated.`);
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['price', 'availableQuantity', 'minimumOrder', ...CATALOGUE_FIELD_NAMES]);
      if (error instanceof ApiError && error.status === 409) setError('sku', { type: 'server', message: error.message });
      notify.error(errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField label="Price" inputMode="decimal" error={errors.price?.message} {...register('price')} />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label="Available Quantity"
          inputMode="numeric"
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
