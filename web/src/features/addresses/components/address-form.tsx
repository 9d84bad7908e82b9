import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import type { Address } from '@/features/cart/api-types';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateAddress, useUpdateAddress } from '../api/change-address';
import { ADDRESS_FIELDS, addressInput, addressSchema, addressValues, EMPTY_ADDRESS, type AddressValues } from '../schemas';

type AddressFormProps = {
  /** The address to change; a new one is added without it. */
  address?: Address;
  /** Its heading, read out as the form's name. */
  title: string;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
};

/** Adds an address to the book or changes one; the shop's own messages show under the fields. */
export function AddressForm({ address, title, onSaved, onCancel }: AddressFormProps) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressValues>({ resolver: zodResolver(addressSchema), defaultValues: address ? addressValues(address) : EMPTY_ADDRESS });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const input = addressInput(values);
      const saved = address ? await update.mutateAsync({ id: address._id, input }) : await create.mutateAsync(input);
      onSaved(saved);
    } catch (error) {
      applyServerFieldErrors(error, setError, ADDRESS_FIELDS);
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={title} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4">
      <h3 className="font-semibold">{title}</h3>
      <InputField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <InputField label="Address line 1" autoComplete="address-line1" error={errors.line1?.message} {...register('line1')} />
      <InputField label="Address line 2 (optional)" autoComplete="address-line2" error={errors.line2?.message} {...register('line2')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <InputField label="State or region (optional)" autoComplete="address-level1" error={errors.region?.message} {...register('region')} />
        <InputField label="Postcode" autoComplete="postal-code" error={errors.postcode?.message} {...register('postcode')} />
        <InputField
          label="Country"
          autoComplete="country"
          maxLength={2}
          hint="Two letters, like US or GB."
          className="uppercase"
          error={errors.country?.message}
          {...register('country')}
        />
      </div>
      <InputField label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      {address?.isDefault ? null : (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-primary" {...register('isDefault')} />
          Make this my default address
        </label>
      )}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-error">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Save address
        </button>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
