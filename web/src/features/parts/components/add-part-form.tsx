import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { InputField, TextAreaField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { ACCEPTED_IMAGES, uploadImage } from '@/lib/upload-image';
import { useCreatePart } from '../api/create-part';
import { addPartSchema, CATALOGUE_FIELD_NAMES, catalogueInput, coreChargeInput, weightKgInput, type AddPartValues } from '../schemas';
import { CatalogueFields } from './catalogue-fields';

const EMPTY: AddPartValues = {
  name: '',
  description: '',
  price: '',
  availableQuantity: '',
  minimumOrder: '',
  weightKg: '',
  coreCharge: '',
  image: undefined,
  sku: '',
  oemNumbers: '',
  replaces: '',
  category: 'Other',
  reorderLevel: '5',
  fitments: [],
};

/** Add A New Part: the picture is uploaded to the shop first, then the part is created with its URL. */
export function AddPartForm() {
  const createPart = useCreatePart();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AddPartValues>({ resolver: zodResolver(addPartSchema), defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const img = await uploadImage((values.image as FileList)[0]!);
      const sku = values.sku.trim();
      const { replaces, ...catalogue } = catalogueInput(values);
      await createPart.mutateAsync({
        ...catalogue,
        ...(sku ? { sku } : {}),
        ...(replaces.length > 0 ? { replaces } : {}),
        name: values.name.trim(),
        description: values.description.trim(),
        price: Number(values.price),
        availableQuantity: Number(values.availableQuantity),
        minimumOrder: Number(values.minimumOrder),
        ...weightKgInput(values.weightKg),
        ...coreChargeInput(values.coreCharge),
        img,
      });
      notify.success('Part added successfully');
      reset(EMPTY);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'description', 'price', 'availableQuantity', 'minimumOrder', 'weightKg', 'coreCharge', ...CATALOGUE_FIELD_NAMES]);
      // A part number taken by another part is the SKU field's problem.
      if (error instanceof ApiError && error.status === 409) setError('sku', { type: 'server', message: error.message });
      setFailure(errorMessage(error));
      notify.error('failed to add Part');
    }
  });

  return (
    <FormProvider {...form}>
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-4">
      <InputField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField label="Price" inputMode="decimal" error={errors.price?.message} {...register('price')} />
        <InputField
          label="Available Quantity"
          inputMode="numeric"
          error={errors.availableQuantity?.message}
          {...register('availableQuantity')}
        />
        <InputField label="Minimum Order" inputMode="numeric" error={errors.minimumOrder?.message} {...register('minimumOrder')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          label="Weight (kg)"
          inputMode="decimal"
          hint="For delivery prices by weight."
          error={errors.weightKg?.message}
          {...register('weightKg')}
        />
        <InputField
          label="Core charge"
          inputMode="decimal"
          hint="A deposit refunded when the buyer returns the old part; empty or 0 for none."
          error={errors.coreCharge?.message}
          {...register('coreCharge')}
        />
      </div>
      <CatalogueFields skuOptional />
      <InputField
        label="Image"
        type="file"
        accept={ACCEPTED_IMAGES}
        hint="JPEG, PNG, WebP or GIF, up to 10 MB."
        error={errors.image?.message}
        {...register('image')}
      />
      {failure ? <p className="text-sm font-medium text-error">{failure}</p> : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Add Part
        </button>
      </div>
    </form>
    </FormProvider>
  );
}
