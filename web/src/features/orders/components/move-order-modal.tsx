import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useMoveOrder } from '../api/move-order';
import type { OrderMove } from '../moves';
import type { Order } from '../types';

/** What the confirmation says for each move, and the toast once it is done. */
const MOVE_TEXTS: Record<OrderMove, { title: string; body: string; confirm: string; done: (id: string) => string }> = {
  ship: {
    title: 'Ship this order?',
    body: 'The order is marked as shipped. It can then only be marked as delivered.',
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

/** Manage Orders' confirmation: the confirm button makes the move, Back closes. */
export function MoveOrderModal({ pending, onClose }: { pending: { order: Order; move: OrderMove } | null; onClose: () => void }) {
  const moveOrder = useMoveOrder();
  const texts = pending ? MOVE_TEXTS[pending.move] : null;

  const confirm = () => {
    if (!pending || !texts) return;
    moveOrder.mutate(pending, {
      onSuccess: (order) => notify.success(texts.done(order?._id ?? pending.order._id)),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: onClose,
    });
  };

  const order = pending?.order;
  return (
    <Modal open={pending !== null} title={texts?.title ?? ''} onClose={onClose}>
      <p className="mb-2">
        Order <strong>#{order?._id}</strong>: <strong>{order?.quantity}</strong> × <strong>{order?.partName}</strong> for{' '}
        <strong>{order?.buyerName}</strong>.
      </p>
      <p>{texts?.body}</p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Back
        </button>
        <button
          type="button"
          className={`btn ${pending?.move === 'cancel' || pending?.move === 'refund' ? 'btn-error' : 'btn-primary'}`}
          disabled={moveOrder.isPending}
          onClick={confirm}
        >
          {moveOrder.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {texts?.confirm}
        </button>
      </div>
    </Modal>
  );
}
