import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import type { Counter } from '@/features/cart/api-types';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useShippingInfo } from '../api/get-shipping-info';
import { useSaveCounter } from '../api/shipping-methods';
import { COUNTER_FIELDS, counterInput, counterSchema, type CounterValues } from '../schemas';

/** The trade counter: where pickup orders are collected (and taxed), shown on the home page and at checkout. */
export function CounterForm() {
  const info = useShippingInfo();
  if (info.isPending) return <Spinner label="Loading the trade counter" />;
  if (info.isError) return <ErrorBox error={info.error} onRetry={() => void info.refetch()} />;
  return <CounterFields key={JSON.stringify(info.data.counter)} counter={info.data.counter} />;
}

function CounterFields({ counter }: { counter: Counter }) {
  const save = useSaveCounter();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CounterValues>({ resolver: zodResolver(counterSchema), defaultValues: counter });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(counterInput(values));
      notify.success('The trade counter is saved.');
    } catch (error) {
      applyServerFieldErrors(error, setError, COUNTER_FIELDS);
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Trade counter" className="grid max-w-2xl gap-4">
      <InputField label="Counter name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <InputField label="Street address" autoComplete="off" error={errors.line1?.message} {...register('line1')} />
      <InputField label="Address line 2" autoComplete="off" error={errors.line2?.message} {...register('line2')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="City" autoComplete="off" error={errors.city?.message} {...register('city')} />
        <InputField label="State or region" autoComplete="off" hint="Pickup orders are taxed here." error={errors.region?.message} {...register('region')} />
        <InputField label="Postcode" autoComplete="off" error={errors.postcode?.message} {...register('postcode')} />
        <InputField label="Country" autoComplete="off" maxLength={2} className="uppercase" hint="Two letters, like US." error={errors.country?.message} {...register('country')} />
      </div>
      <InputField label="Opening hours" autoComplete="off" hint="E.g. “Mon–Fri 8:00–18:00, Sat 9:00–14:00”." error={errors.hours?.message} {...register('hours')} />
      <InputField label="Counter phone" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
      {failure ? (
        <p role="alert" className="text-sm font-medium text-error">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Save counter
        </button>
      </div>
    </form>
  );
}
