import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { newRestockKey, useRestockPart } from '../api/restock-part';
import { restockSchema, type RestockValues } from '../schemas';
import type { Part } from '../types';

/** What the restock form shows of a part: Manage Parts passes the part, the sales dashboard a low-stock row. */
export type RestockTarget = Pick<Part, '_id' | 'name' | 'availableQuantity' | 'reorderLevel'> & { lowStock?: boolean };

/** Manage Parts' restock: the units that arrived are added to the stock the shop has now. */
export function RestockModal({ part, onClose }: { part: RestockTarget | null; onClose: () => void }) {
  return (
    <Modal open={part !== null} title={`Restock ${part?.name ?? 'part'}`} onClose={onClose}>
      {part ? <RestockForm key={part._id} part={part} onClose={onClose} /> : null}
    </Modal>
  );
}

function RestockForm({ part, onClose }: { part: RestockTarget; onClose: () => void }) {
  const restock = useRestockPart();
  // One key per restock: sending the same quantity again (a retry after an error) reuses it, so
  // the shop adds the units once however many times it was sent; another quantity is another restock.
  const [attempt, setAttempt] = useState<{ quantity: number; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RestockValues>({ resolver: zodResolver(restockSchema), defaultValues: { quantity: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const quantity = Number(values.quantity);
      const current = attempt?.quantity === quantity ? attempt : { quantity, key: newRestockKey() };
      setAttempt(current);
      const saved = await restock.mutateAsync({ id: part._id, quantity, key: current.key });
      notify.success(`${part.name} is restocked: ${saved.availableQuantity} in stock.`);
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['quantity']);
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p>
        {part.availableQuantity} in stock now
        {part.lowStock ? ', at or below its reorder level' : ''} ({part.reorderLevel}).
      </p>
      <InputField label="Quantity to add" inputMode="numeric" autoComplete="off" error={errors.quantity?.message} {...register('quantity')} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Restock
        </button>
      </div>
    </form>
  );
}
