import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import type { TaxRate } from '@/features/cart/api-types';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDeleteTaxRate, useSaveTaxRate, useTaxRates } from '../api/tax-rates';
import { EMPTY_TAX_RATE, TAX_RATE_FIELDS, taxPlace, taxRateInput, taxRateSchema, taxRateValues, type TaxRateValues } from '../schemas';
import { FormActions } from './form-actions';

type Editing = null | 'new' | TaxRate;

/**
 * Tax rates by place: a country, or one region of it (which wins over the country's). An order is
 * taxed at its delivery address's rate, or the trade counter's for pickup.
 */
export function TaxRatesAdmin() {
  const rates = useTaxRates();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);

  return (
    <div className="grid gap-4">
      {rates.isPending ? <Spinner label="Loading tax rates" /> : null}
      {rates.isError ? <ErrorBox error={rates.error} onRetry={() => void rates.refetch()} /> : null}
      {rates.data?.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/75">No tax rates: orders are not taxed.</p>
      ) : null}
      {rates.data && rates.data.length > 0 ? (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm sm:table-md">
            <thead>
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Name</th>
                <th scope="col" className="text-right">
                  Rate
                </th>
                <th scope="col">On shipping</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((rate) => (
                <tr key={rate._id}>
                  <td className="font-mono font-medium">{taxPlace(rate)}</td>
                  <td>{rate.name || '—'}</td>
                  <td className="text-right">{rate.ratePercent}%</td>
                  <td>{rate.appliesToShipping ? 'Yes' : 'No'}</td>
                  <td>
                    <div className="flex justify-end gap-2">
                      <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit the rate for ${taxPlace(rate)}`} onClick={() => setEditing(rate)}>
                        Edit
                      </button>
                      <button type="button" className="btn btn-sm btn-error" aria-label={`Delete the rate for ${taxPlace(rate)}`} onClick={() => setDeleting(rate)}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          Add tax rate
        </button>
      </div>
      <Modal
        open={editing !== null}
        title={editing === 'new' || editing === null ? 'New tax rate' : `Edit the rate for ${taxPlace(editing)}`}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <TaxRateForm key={editing === 'new' ? 'new' : editing._id} rate={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <DeleteRateModal rate={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function TaxRateForm({ rate, onDone }: { rate?: TaxRate; onDone: () => void }) {
  const save = useSaveTaxRate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaxRateValues>({ resolver: zodResolver(taxRateSchema), defaultValues: rate ? taxRateValues(rate) : EMPTY_TAX_RATE });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: rate?._id, input: taxRateInput(values) });
      notify.success(`The rate for ${taxPlace(saved)} is saved.`);
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, TAX_RATE_FIELDS);
      // The place has a rate already: that is the country and region's problem.
      if (error instanceof ApiError && error.status === 409) setError('region', { type: 'server', message: error.message });
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Country" autoComplete="off" maxLength={2} className="uppercase" hint="Two letters, like US." error={errors.country?.message} {...register('country')} />
        <InputField label="Region" autoComplete="off" hint="Empty for the whole country; else a state, like CA." error={errors.region?.message} {...register('region')} />
      </div>
      <InputField label="Name" autoComplete="off" hint="As on the invoice, e.g. “Sales tax”." error={errors.name?.message} {...register('name')} />
      <InputField label="Rate (%)" inputMode="decimal" hint="Up to three decimals, like 7.25." error={errors.ratePercent?.message} {...register('ratePercent')} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-primary" {...register('appliesToShipping')} />
        Tax the shipping too
      </label>
      <FormActions failure={failure} submitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}

function DeleteRateModal({ rate, onClose }: { rate: TaxRate | null; onClose: () => void }) {
  const remove = useDeleteTaxRate();
  const place = rate ? taxPlace(rate) : '';
  const confirm = () => {
    if (!rate) return;
    remove.mutate(rate._id, {
      onSuccess: () => {
        notify.success(`The rate for ${place} is deleted.`);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <Modal open={rate !== null} title={`Delete the rate for ${place}?`} onClose={onClose}>
      <p>New orders to {place} are then taxed at the country&apos;s rate, if it has one, or not at all. Orders already placed keep their tax.</p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-error" disabled={remove.isPending} onClick={confirm}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
