import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { InputField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { notify } from '@/lib/notify';
import { useCreateOrder } from '../api/create-order';
import { confirmOrderSchema, type ConfirmOrderValues } from '../schemas';
import type { OrderDraft } from '../types';

type ConfirmOrderModalProps = {
  open: boolean;
  draft: OrderDraft;
  buyer: { name: string; email: string };
  onClose: () => void;
};

/**
 * The Confirm Order modal of the purchase page; Place order places the order and goes straight on to
 * its payment page. A refused order is told in a toast and the modal closes.
 */
export function ConfirmOrderModal({ open, draft, buyer, onClose }: ConfirmOrderModalProps) {
  return (
    <Modal open={open} title="Confirm Order" onClose={onClose}>
      {open ? <ConfirmOrderForm draft={draft} buyer={buyer} onClose={onClose} /> : null}
    </Modal>
  );
}

function ConfirmOrderForm({ draft, buyer, onClose }: Omit<ConfirmOrderModalProps, 'open'>) {
  const money = useMoney();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmOrderValues>({ resolver: zodResolver(confirmOrderSchema), defaultValues: { phone: '' } });

  const onSubmit = handleSubmit(async ({ phone }) => {
    try {
      const trimmed = phone.trim();
      const placed = await createOrder.mutateAsync({
        partId: draft.partId,
        partOrder: draft.quantity,
        ...(trimmed ? { phone: trimmed } : {}),
      });
      notify.success(`${draft.partName}, order placed`);
      void navigate(paths.dashboard.payment.getHref(String(placed.booking?._id ?? placed.insertedId)));
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
      onClose();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2 rounded-box bg-base-200 p-3 text-sm">
        <div className="col-span-3">
          <dt className="text-base-content/70">Part</dt>
          <dd className="font-semibold">{draft.partName}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Quantity</dt>
          <dd className="font-semibold">{draft.quantity}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Unit price</dt>
          <dd className="font-semibold">{money(draft.unitPrice)}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Total</dt>
          <dd className="font-semibold">{money(draft.unitPrice * draft.quantity)}</dd>
        </div>
      </dl>
      <InputField label="Name" value={buyer.name} readOnly className="bg-base-200" />
      <InputField label="Email" type="email" value={buyer.email} readOnly className="bg-base-200" />
      <InputField
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="Optional: lets the workshop call you about delivery."
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Place order
        </button>
      </div>
    </form>
  );
}
