import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { OrderLineInput } from '../api-types';
import { usePlaceOrder } from '../api/checkout';
import { confirmOrderSchema, type ConfirmOrderValues } from '../schemas';
import { useCheckoutChoices, type AddressChoice } from '../use-checkout-choices';
import { DeliveryMethods, OrderFigures, OrderLines } from './checkout';

/** What the purchase page hands the Confirm Order modal: the part and the buyer's quantity. */
export type OrderDraft = { partId: string; partName: string; quantity: number };

type ConfirmOrderModalProps = {
  open: boolean;
  draft: OrderDraft;
  buyer: { name: string; email: string };
  onClose: () => void;
  /** The buyer's addresses to choose from, with a way to add one (the address book's). */
  renderAddressChooser: (choice: AddressChoice) => ReactNode;
  /** Counter pickup's details, where the trade counter is. */
  renderPickupDetails?: (description: string) => ReactNode;
  /** Under the line: whether the part is listed for the buyer's vehicle. */
  renderLineNote?: (partId: string) => ReactNode;
};

/**
 * The Confirm Order modal of the purchase page: the checkout for this part alone, leaving the cart
 * as it is. The buyer chooses counter pickup or a delivery to one of their addresses and sees the
 * goods, shipping, tax and total the shop works out before Place order, which places the order at
 * that total and goes straight on to its payment page (docs/decisions.md, D34). A refused order is
 * told in a toast and the modal closes.
 */
export function ConfirmOrderModal({ open, onClose, ...rest }: ConfirmOrderModalProps) {
  return (
    <Modal open={open} title="Confirm Order" onClose={onClose}>
      {open ? <ConfirmOrderForm onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}

function ConfirmOrderForm({ draft, buyer, onClose, renderAddressChooser, renderPickupDetails, renderLineNote }: Omit<ConfirmOrderModalProps, 'open'>) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const lines = useMemo<OrderLineInput[]>(() => [{ partId: draft.partId, quantity: draft.quantity }], [draft.partId, draft.quantity]);
  const choices = useCheckoutChoices(lines, true);
  const { quote } = choices;
  const [placing, setPlacing] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfirmOrderValues>({ resolver: zodResolver(confirmOrderSchema), defaultValues: { phone: '' } });

  const onSubmit = handleSubmit(async ({ phone }) => {
    if (!quote.data) return;
    setPlacing(true);
    try {
      const trimmed = phone.trim();
      const placed = await placeOrder.mutateAsync({ ...choices.request(quote.data.total), ...(trimmed ? { phone: trimmed } : {}) });
      notify.success(`${draft.partName}, order placed`);
      void navigate(paths.dashboard.payment.getHref(String(placed.booking?._id ?? placed.insertedId)));
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
      onClose();
    }
  });

  if (quote.isPending) return <Spinner label="Working out your order" />;
  if (quote.isError) {
    return (
      <ErrorBox
        error={quote.error}
        onRetry={() => {
          choices.reset();
          void quote.refetch();
        }}
      />
    );
  }
  const blocked = !quote.data.ready || choices.needsAddress || !choices.priced;

  return (
    // The address book's own form (a new address) sits outside the order's form: forms do not nest.
    <div className="grid gap-5">
      <OrderLines quote={quote.data} renderLineNote={renderLineNote} />
      <DeliveryMethods
        options={quote.data.deliveryOptions}
        value={choices.method}
        onChange={choices.setMethod}
        renderPickupDetails={renderPickupDetails}
      />
      {choices.delivering ? (
        <section aria-labelledby="confirm-address-title">
          <h3 id="confirm-address-title" className="mb-3 text-lg font-semibold">
            Delivery address
          </h3>
          {renderAddressChooser(choices.addressChoice)}
        </section>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <div className="grid gap-4">
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
        </div>
        <OrderFigures quote={quote.data} needsAddress={choices.needsAddress} priced={choices.priced} />
        <p className="text-xs text-base-content/75">Your cart is left as it is. You pay by card on the next page; the parts are held for you while you pay.</p>
        <div className="modal-action mt-0">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={blocked || placing}>
            {placing ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Place order
          </button>
        </div>
      </form>
    </div>
  );
}
