import { SettingsForm } from '@/components/settings-table/settings-form';
import { SettingsTable, type RowFormProps } from '@/components/settings-table/settings-table';
import { useSettingsForm } from '@/components/settings-table/use-settings-form';
import type { DataColumn } from '@/components/ui/data-table';
import { InputField } from '@/components/ui/field';
import type { TaxRate } from '@/features/cart/api-types';
import { ApiError } from '@/lib/api-client';
import { useDeleteTaxRate, useSaveTaxRate, useTaxRates } from '../api/tax-rates';
import { EMPTY_TAX_RATE, TAX_RATE_FIELDS, taxPlace, taxRateInput, taxRateSchema, taxRateValues } from '../schemas';

const COLUMNS: DataColumn<TaxRate>[] = [
  { header: 'Place', className: 'font-mono font-medium', cell: (rate) => taxPlace(rate) },
  { header: 'Name', cell: (rate) => rate.name || '—' },
  { header: 'Rate', align: 'right', cell: (rate) => `${rate.ratePercent}%` },
  { header: 'On shipping', cell: (rate) => (rate.appliesToShipping ? 'Yes' : 'No') },
];

/**
 * Tax rates by place: a country, or one region of it (which wins over the country's). An order is
 * taxed at its delivery address's rate, or the trade counter's for pickup.
 */
export function TaxRatesAdmin() {
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();

  return (
    <SettingsTable
      rows={rates}
      loadingLabel="Loading tax rates"
      emptyText="No tax rates: orders are not taxed."
      columns={COLUMNS}
      rowName={(rate) => `the rate for ${taxPlace(rate)}`}
      addLabel="Add tax rate"
      newTitle="New tax rate"
      form={TaxRateForm}
      remove={remove}
      deletedMessage={(rate) => `The rate for ${taxPlace(rate)} is deleted.`}
      deleteWarning={(rate) => (
        <p>
          New orders to {taxPlace(rate)} are then taxed at the country&apos;s rate, if it has one, or not at all. Orders already placed keep
          their tax.
        </p>
      )}
    />
  );
}

function TaxRateForm({ row: rate, onDone }: RowFormProps<TaxRate>) {
  const save = useSaveTaxRate();
  const { register, errors, formProps } = useSettingsForm({
    schema: taxRateSchema,
    defaultValues: rate ? taxRateValues(rate) : EMPTY_TAX_RATE,
    fields: TAX_RATE_FIELDS,
    save: (values) => save.mutateAsync({ id: rate?._id, input: taxRateInput(values) }),
    savedMessage: (saved) => `The rate for ${taxPlace(saved)} is saved.`,
    // The place has a rate already: that is the country and region's problem.
    onError: (error, setError) => {
      if (error instanceof ApiError && error.status === 409) setError('region', { type: 'server', message: error.message });
    },
    onDone,
  });

  return (
    <SettingsForm {...formProps}>
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
    </SettingsForm>
  );
}
