import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useMoveOrder } from '../api/move-order';
import { hasSeveralLines, isPickup } from '../lines';
import type { OrderMove } from '../moves';
import { shipSchema, type ShipValues } from '../schemas';
import type { Order, ShipDetails } from '../types';

/** What the confirmation says for each move, and the toast once it is done. */
const MOVE_TEXTS: Record<OrderMove, { title: string; body: string; confirm: string; done: (id: string) => string }> = {
  ship: {
    title: 'Ship this order?',
    body: 'The order is marked as shipped. It can then only be marked as delivered. The buyer sees the carrier and tracking number, when given, with the order.',
    confirm: 'Ship Order',
    done: (id) => `Order #${id} is shipped.`,
  },
  deliver: {
    title: 'Mark this order delivered?',
    body: 'The order is marked as delivered to the buyer. This is its last step.',
    confirm: 'Mark Delivered',
    done: (id) => `Order #${id} is delivered.`,
  },
  cancel: {
    title: 'Cancel this order?',
    body: 'The unpaid order is cancelled and its parts go back into stock. This cannot be undone.',
    confirm: 'Cancel Order',
    done: (id) => `Order #${id} is cancelled; its parts are back in stock.`,
  },
  refund: {
    title: 'Refund this order?',
    body: 'The buyer gets their payment back, the order is cancelled and its parts go back into stock. This cannot be undone.',
    confirm: 'Refund Order',
    done: (id) => `Order #${id} is refunded; its parts are back in stock.`,
  },
};

/** A pickup order's words for its two last moves: made ready at the counter, then collected (D37). */
const PICKUP_TEXTS: Partial<Record<OrderMove, { title: string; body: string; confirm: string; done: (id: string) => string }>> = {
  ship: {
    title: 'Ready to collect?',
    body: 'The order is marked as ready at the trade counter, and the buyer is told by e-mail to come and collect it. It can then only be marked as collected.',
    confirm: 'Mark Ready',
    done: (id) => `Order #${id} is ready to collect.`,
  },
  deliver: {
    title: 'Collected?',
    body: 'The order is marked as collected by the buyer. This is its last step.',
    confirm: 'Mark Collected',
    done: (id) => `Order #${id} is collected.`,
  },
};

/** The words of a move for this order. */
function textsFor(pending: Pending) {
  return (isPickup(pending.order) ? PICKUP_TEXTS[pending.move] : undefined) ?? MOVE_TEXTS[pending.move];
}

type Pending = { order: Order; move: OrderMove };

/**
 * Manage Orders' confirmation: the confirm button makes the move, Back closes. Shipping asks for
 * the carrier and tracking number first, both optional.
 */
export function MoveOrderModal({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const texts = pending ? textsFor(pending) : null;
  const order = pending?.order;
  return (
    <Modal open={pending !== null} title={texts?.title ?? ''} onClose={onClose}>
      {order && hasSeveralLines(order) ? (
        <div className="mb-2">
          <p>
            Order <strong>#{order._id}</strong> for <strong>{order.buyerName}</strong>:
          </p>
          <ul className="list-inside list-disc">
            {order.lines!.map((line, index) => (
              <li key={`${line.partId}-${index}`}>
                {line.quantity} × {line.partName}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mb-2">
          Order <strong>#{order?._id}</strong>: <strong>{order?.quantity}</strong> × <strong>{order?.partName}</strong> for{' '}
          <strong>{order?.buyerName}</strong>.
        </p>
      )}
      <p>{texts?.body}</p>
      {pending?.move === 'ship' && !isPickup(pending.order) ? (
        <ShipForm key={pending.order._id} pending={pending} onClose={onClose} />
      ) : pending ? (
        <ConfirmMove pending={pending} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

/** Deliver, cancel or refund: Back, or the move's own button. */
function ConfirmMove({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const moveOrder = useMoveOrder();
  const texts = textsFor(pending);
  const confirm = () => {
    moveOrder.mutate(pending, {
      onSuccess: (order) => notify.success(texts.done(order?._id ?? pending.order._id)),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: onClose,
    });
  };
  return (
    <div className="modal-action">
      <button type="button" className="btn" onClick={onClose}>
        Back
      </button>
      <button
        type="button"
        className={`btn ${pending.move === 'cancel' || pending.move === 'refund' ? 'btn-error' : 'btn-primary'}`}
        disabled={moveOrder.isPending}
        onClick={confirm}
      >
        {moveOrder.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {texts.confirm}
      </button>
    </div>
  );
}

/** The optional shipping details, sent only when given (trimmed). */
function shippingOf(values: ShipValues): ShipDetails {
  const carrier = values.carrier.trim();
  const trackingNumber = values.trackingNumber.trim();
  return { ...(carrier ? { carrier } : {}), ...(trackingNumber ? { trackingNumber } : {}) };
}

/**
 * Ship: carrier and tracking number, then Ship Order. A detail the shop refuses shows under its
 * input and the dialog stays open; any other refusal (the order moved on meanwhile) is a toast.
 */
function ShipForm({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const moveOrder = useMoveOrder();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ShipValues>({ resolver: zodResolver(shipSchema), defaultValues: { carrier: '', trackingNumber: '' } });

  const onSubmit = handleSubmit((values) => {
    moveOrder.mutate(
      { ...pending, shipping: shippingOf(values) },
      {
        onSuccess: (order) => {
          notify.success(MOVE_TEXTS.ship.done(order?._id ?? pending.order._id));
          onClose();
        },
        onError: (error) => {
          const fields: Record<string, string> = error instanceof ApiError ? error.fields : {};
          if (fields.carrier || fields.trackingNumber) {
            if (fields.carrier) setError('carrier', { type: 'server', message: fields.carrier });
            if (fields.trackingNumber) setError('trackingNumber', { type: 'server', message: fields.trackingNumber });
            return;
          }
          notify.error(errorMessage(error));
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Carrier"
          hint="Optional, e.g. UPS."
          autoComplete="off"
          error={errors.carrier?.message}
          {...register('carrier')}
        />
        <InputField
          label="Tracking number"
          hint="Optional."
          autoComplete="off"
          error={errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
      </div>
      <div className="modal-action mt-2">
        <button type="button" className="btn" onClick={onClose}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={moveOrder.isPending}>
          {moveOrder.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {MOVE_TEXTS.ship.confirm}
        </button>
      </div>
    </form>
  );
}
