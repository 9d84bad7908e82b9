import { SettingsForm } from '@/components/settings-table/settings-form';
import { SettingsTable, type RowFormProps } from '@/components/settings-table/settings-table';
import { useSettingsForm } from '@/components/settings-table/use-settings-form';
import type { DataColumn } from '@/components/ui/data-table';
import { InputField } from '@/components/ui/field';
import type { ShippingMethod } from '@/features/cart/api-types';
import { useMoney } from '@/lib/config';
import { useDeleteShippingMethod, useSaveShippingMethod, useShippingMethods } from '../api/shipping-methods';
import { deliversTo, EMPTY_SHIPPING_METHOD, SHIPPING_METHOD_FIELDS, shippingMethodInput, shippingMethodSchema, shippingMethodValues } from '../schemas';

/**
 * The delivery methods the shop offers beside counter pickup: each with its price per order, per
 * kilogram and the goods' value from which it is free; add, change, switch off or delete them.
 */
export function ShippingMethodsAdmin() {
  const methods = useShippingMethods();
  const remove = useDeleteShippingMethod();
  const money = useMoney();

  const columns: DataColumn<ShippingMethod>[] = [
    {
      header: 'Method',
      cell: (method) => (
        <>
          <div className="font-medium">{method.name}</div>
          {method.description ? <div className="text-xs text-base-content/70">{method.description}</div> : null}
        </>
      ),
    },
    { header: 'Per order', align: 'right', className: 'whitespace-nowrap', cell: (method) => money(method.basePrice) },
    { header: 'Per kg', align: 'right', className: 'whitespace-nowrap', cell: (method) => money(method.pricePerKg) },
    { header: 'Free over', align: 'right', className: 'whitespace-nowrap', cell: (method) => (method.freeOver == null ? '—' : money(method.freeOver)) },
    { header: 'Delivers to', cell: (method) => deliversTo(method.regions) },
    {
      header: 'Status',
      cell: (method) => (
        <span className={`badge badge-sm whitespace-nowrap ${method.active ? 'badge-success' : 'badge-ghost'}`}>
          {method.active ? 'Offered' : 'Switched off'}
        </span>
      ),
    },
  ];

  return (
    <SettingsTable
      rows={methods}
      loadingLabel="Loading delivery methods"
      emptyText="No delivery methods yet: buyers can only collect their orders at the counter."
      columns={columns}
      rowName={(method) => method.name}
      addLabel="Add delivery method"
      newTitle="New delivery method"
      form={ShippingMethodForm}
      remove={remove}
      deletedMessage={(method) => `${method.name} is deleted.`}
      deleteWarning={(method) => (
        <p>
          Buyers can no longer choose <strong>{method.name}</strong>. Orders already placed keep it. To stop offering it for a while,
          switch it off instead.
        </p>
      )}
    />
  );
}

function ShippingMethodForm({ row: method, onDone }: RowFormProps<ShippingMethod>) {
  const save = useSaveShippingMethod();
  const { register, errors, formProps } = useSettingsForm({
    schema: shippingMethodSchema,
    defaultValues: method ? shippingMethodValues(method) : EMPTY_SHIPPING_METHOD,
    fields: SHIPPING_METHOD_FIELDS,
    save: (values) => save.mutateAsync({ id: method?._id, input: shippingMethodInput(values) }),
    savedMessage: (saved) => `${saved.name} is saved.`,
    onDone,
  });

  return (
    <SettingsForm {...formProps}>
      <InputField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <InputField label="Description" autoComplete="off" hint="Shown to buyers, e.g. “2–4 working days”." error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField label="Price per order" inputMode="decimal" error={errors.basePrice?.message} {...register('basePrice')} />
        <InputField label="Price per kg" inputMode="decimal" error={errors.pricePerKg?.message} {...register('pricePerKg')} />
        <InputField label="Free over" inputMode="decimal" hint="Goods worth this or more travel free." error={errors.freeOver?.message} {...register('freeOver')} />
      </div>
      <InputField
        label="Delivers to"
        autoComplete="off"
        hint="Countries or regions, separated by commas, e.g. “US-OH, US-KY”. Empty: everywhere."
        error={errors.regions?.message}
        {...register('regions')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-primary" {...register('active')} />
        Offered at checkout
      </label>
    </SettingsForm>
  );
}
