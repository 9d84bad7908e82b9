import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import type { ShippingMethod } from '@/features/cart/api-types';
import { errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDeleteShippingMethod, useSaveShippingMethod, useShippingMethods } from '../api/shipping-methods';
import { FormActions } from './form-actions';
import {
  EMPTY_SHIPPING_METHOD,
  SHIPPING_METHOD_FIELDS,
  shippingMethodInput,
  shippingMethodSchema,
  shippingMethodValues,
  type ShippingMethodValues,
} from '../schemas';

/** The method being edited: none, a new one, or this one. */
type Editing = null | 'new' | ShippingMethod;

/**
 * The delivery methods the shop offers beside counter pickup: each with its price per order, per
 * kilogram and the goods' value from which it is free; add, change, switch off or delete them.
 */
export function ShippingMethodsAdmin() {
  const methods = useShippingMethods();
  const money = useMoney();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ShippingMethod | null>(null);

  return (
    <div className="grid gap-4">
      {methods.isPending ? <Spinner label="Loading delivery methods" /> : null}
      {methods.isError ? <ErrorBox error={methods.error} onRetry={() => void methods.refetch()} /> : null}
      {methods.data?.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/75">
          No delivery methods yet: buyers can only collect their orders at the counter.
        </p>
      ) : null}
      {methods.data && methods.data.length > 0 ? (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm sm:table-md">
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col" className="text-right">
                  Per order
                </th>
                <th scope="col" className="text-right">
                  Per kg
                </th>
                <th scope="col" className="text-right">
                  Free over
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {methods.data.map((method) => (
                <tr key={method._id}>
                  <td>
                    <div className="font-medium">{method.name}</div>
                    {method.description ? <div className="text-xs text-base-content/70">{method.description}</div> : null}
                  </td>
                  <td className="whitespace-nowrap text-right">{money(method.basePrice)}</td>
                  <td className="whitespace-nowrap text-right">{money(method.pricePerKg)}</td>
                  <td className="whitespace-nowrap text-right">{method.freeOver == null ? '—' : money(method.freeOver)}</td>
                  <td>
                    <span className={`badge badge-sm whitespace-nowrap ${method.active ? 'badge-success' : 'badge-ghost'}`}>
                      {method.active ? 'Offered' : 'Switched off'}
                    </span>
                  </td>
                  <td>
                    <div className="flex justify-end gap-2">
                      <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${method.name}`} onClick={() => setEditing(method)}>
                        Edit
                      </button>
                      <button type="button" className="btn btn-sm btn-error" aria-label={`Delete ${method.name}`} onClick={() => setDeleting(method)}>
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
          Add delivery method
        </button>
      </div>
      <Modal
        open={editing !== null}
        title={editing === 'new' || editing === null ? 'New delivery method' : `Edit ${editing.name}`}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <ShippingMethodForm key={editing === 'new' ? 'new' : editing._id} method={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <DeleteMethodModal method={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ShippingMethodForm({ method, onDone }: { method?: ShippingMethod; onDone: () => void }) {
  const save = useSaveShippingMethod();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShippingMethodValues>({
    resolver: zodResolver(shippingMethodSchema),
    defaultValues: method ? shippingMethodValues(method) : EMPTY_SHIPPING_METHOD,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: method?._id, input: shippingMethodInput(values) });
      notify.success(`${saved.name} is saved.`);
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, SHIPPING_METHOD_FIELDS);
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <InputField label="Description" autoComplete="off" hint="Shown to buyers, e.g. “2–4 working days”." error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField label="Price per order" inputMode="decimal" error={errors.basePrice?.message} {...register('basePrice')} />
        <InputField label="Price per kg" inputMode="decimal" error={errors.pricePerKg?.message} {...register('pricePerKg')} />
        <InputField label="Free over" inputMode="decimal" hint="Goods worth this or more travel free." error={errors.freeOver?.message} {...register('freeOver')} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-primary" {...register('active')} />
        Offered at checkout
      </label>
      <FormActions failure={failure} submitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}

function DeleteMethodModal({ method, onClose }: { method: ShippingMethod | null; onClose: () => void }) {
  const remove = useDeleteShippingMethod();
  const confirm = () => {
    if (!method) return;
    remove.mutate(method._id, {
      onSuccess: () => {
        notify.success(`${method.name} is deleted.`);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <Modal open={method !== null} title={`Delete ${method?.name ?? 'method'}?`} onClose={onClose}>
      <p>
        Buyers can no longer choose <strong>{method?.name}</strong>. Orders already placed keep it. To stop offering it for a while,
        switch it off instead.
      </p>
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
