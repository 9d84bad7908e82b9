import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { InputField, TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { notify } from '@/lib/notify';
import { useMoveReturn, type ReturnMoveInput } from '../api/move-return';
import {
  approveSchema,
  MAX_NOTE,
  MAX_REJECTION,
  receiveInput,
  receiveSchema,
  rejectSchema,
  type ApproveValues,
  type ReceiveValues,
  type RejectValues,
} from '../schemas';
import { CONDITION_LABELS, CORE_CONDITION_LABELS, isCoreReturn, orderNumber, RETURN_CONDITIONS } from '../states';
import type { ReturnMove, ReturnView } from '../types';
import { RefundTable, ReturnLines } from './return-parts';

export type PendingMove = { ret: ReturnView; move: ReturnMove };

/** What the dialog says for each move, and the toast once it is done. */
const MOVE_TEXTS: Record<ReturnMove, { title: string; body: string; confirm: string; done: (ret: ReturnView) => string }> = {
  approve: {
    title: 'Approve this return?',
    body: 'The buyer is told by e-mail to send the parts back with the return number on the parcel, and how.',
    confirm: 'Approve Return',
    done: (ret) => `${ret.number} is approved; the buyer is told how to send it back.`,
  },
  reject: {
    title: 'Reject this return?',
    body: 'The buyer is told by e-mail, with your reason. This cannot be undone.',
    confirm: 'Reject Return',
    done: (ret) => `${ret.number} is rejected.`,
  },
  receive: {
    title: 'Mark the parts received?',
    body: 'Say how they came back: resalable parts go back into stock.',
    confirm: 'Mark Received',
    done: (ret) => `${ret.number} is received.`,
  },
  refund: {
    title: 'Refund this return?',
    body: "The buyer's card is refunded the total below. This cannot be undone.",
    confirm: 'Refund',
    done: (ret) => `${ret.number} is refunded.`,
  },
  close: {
    title: 'Close this return?',
    body: 'A closed return cannot be changed any more.',
    confirm: 'Close Return',
    done: (ret) => `${ret.number} is closed.`,
  },
};

/** Receiving a core return: an old part is rebuilt or not, never put back on the shelf. */
const CORE_RECEIVE_BODY = 'Say whether the old part can be rebuilt. A core puts no stock back.';

/**
 * Returns' confirmation: what the return is, then the move's own inputs (instructions when
 * approving, the reason when rejecting, the condition when receiving, the figures when refunding)
 * and its button; Back closes. A refused move (409: the return moved on; 503: the card provider did
 * not refund) is a toast with the shop's message.
 */
export function MoveReturnModal({ pending, onClose }: { pending: PendingMove | null; onClose: () => void }) {
  const texts = pending ? MOVE_TEXTS[pending.move] : null;
  return (
    <Modal open={pending !== null} title={texts?.title ?? ''} onClose={onClose}>
      {pending ? (
        <>
          <div className="mb-2">
            <p>
              <strong>{pending.ret.number}</strong> from <strong>{pending.ret.buyerName}</strong> (order {orderNumber(pending.ret.bookingId)}):
            </p>
            <ReturnLines ret={pending.ret} />
          </div>
          <p>{pending.move === 'receive' && isCoreReturn(pending.ret) ? CORE_RECEIVE_BODY : texts?.body}</p>
          {pending.move === 'close' && pending.ret.state === 'received' ? (
            <p className="mt-2 font-medium">The buyer is not refunded: refund the return first if they should be.</p>
          ) : null}
          <MoveForm key={`${pending.ret._id}-${pending.move}`} pending={pending} onClose={onClose} />
        </>
      ) : null}
    </Modal>
  );
}

function MoveForm({ pending, onClose }: { pending: PendingMove; onClose: () => void }) {
  switch (pending.move) {
    case 'approve':
      return <ApproveForm pending={pending} onClose={onClose} />;
    case 'reject':
      return <RejectForm pending={pending} onClose={onClose} />;
    case 'receive':
      return <ReceiveForm pending={pending} onClose={onClose} />;
    default:
      return <ConfirmMove pending={pending} onClose={onClose} />;
  }
}

/**
 * Makes the move: done, a toast and the dialog closes; refused for a field the form has, its message
 * under it and the dialog stays open; else a toast with the shop's message and the dialog closes.
 */
function useMakeMove(pending: PendingMove, onClose: () => void) {
  const moveReturn = useMoveReturn();
  const make = (input: ReturnMoveInput, onFieldError?: (fields: Record<string, string>) => boolean) =>
    moveReturn.mutate(input, {
      onSuccess: (ret) => {
        notify.success(MOVE_TEXTS[pending.move].done(ret ?? pending.ret));
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && onFieldError?.(error.fields)) return;
        notify.error(errorMessage(error));
        onClose();
      },
    });
  return { make, busy: moveReturn.isPending };
}

function Actions({ confirm, busy, onClose, danger = false, type = 'submit', onConfirm }: {
  confirm: string;
  busy: boolean;
  onClose: () => void;
  danger?: boolean;
  type?: 'submit' | 'button';
  onConfirm?: () => void;
}) {
  return (
    <div className="modal-action">
      <button type="button" className="btn" onClick={onClose}>
        Back
      </button>
      <button type={type} className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} disabled={busy} onClick={onConfirm}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {confirm}
      </button>
    </div>
  );
}

/** Approve: optional instructions; left out, the shop tells the buyer its own (the counter's address). */
function ApproveForm({ pending, onClose }: { pending: PendingMove; onClose: () => void }) {
  const { make, busy } = useMakeMove(pending, onClose);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ApproveValues>({ resolver: zodResolver(approveSchema), defaultValues: { instructions: '' } });
  const onSubmit = handleSubmit((values) => {
    const instructions = values.instructions.trim();
    make({ ret: pending.ret, move: 'approve', body: instructions ? { instructions } : {} }, (fields) => {
      if (!fields.instructions) return false;
      setError('instructions', { type: 'server', message: fields.instructions });
      return true;
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-2">
      <TextAreaField label="Instructions for the buyer (optional)" maxLength={MAX_NOTE} error={errors.instructions?.message} {...register('instructions')} />
      <p className="text-xs text-base-content/70">
        How and where to send the parts back. Left empty, the buyer is given the trade counter&apos;s address, or told to bring them to the
        counter for a collected order.
      </p>
      <Actions confirm={MOVE_TEXTS.approve.confirm} busy={busy} onClose={onClose} />
    </form>
  );
}

/** Reject: the reason is required, and told to the buyer. */
function RejectForm({ pending, onClose }: { pending: PendingMove; onClose: () => void }) {
  const { make, busy } = useMakeMove(pending, onClose);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RejectValues>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit((values) => {
    make({ ret: pending.ret, move: 'reject', body: { reason: values.reason.trim() } }, (fields) => {
      if (!fields.reason) return false;
      setError('reason', { type: 'server', message: fields.reason });
      return true;
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-2">
      <TextAreaField label="Reason, told to the buyer" maxLength={MAX_REJECTION} error={errors.reason?.message} {...register('reason')} />
      <Actions confirm={MOVE_TEXTS.reject.confirm} busy={busy} onClose={onClose} danger />
    </form>
  );
}

/**
 * Receive: how the parts came back, one of three. For a core return, whether the old part can be
 * rebuilt, and what comes off its deposit (optional, at most the deposit).
 */
function ReceiveForm({ pending, onClose }: { pending: PendingMove; onClose: () => void }) {
  const id = useId();
  const money = useMoney();
  const { make, busy } = useMakeMove(pending, onClose);
  const core = isCoreReturn(pending.ret);
  const deposit = core ? pending.ret.refund.core : null;
  const schema = useMemo(() => receiveSchema(deposit), [deposit]);
  const labels = core ? CORE_CONDITION_LABELS : CONDITION_LABELS;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReceiveValues>({ resolver: zodResolver(schema), defaultValues: { condition: '', deduction: '' } });
  const onSubmit = handleSubmit((values) => {
    make({ ret: pending.ret, move: 'receive', body: receiveInput(values) }, (fields) => {
      let shown = false;
      if (fields.condition) {
        setError('condition', { type: 'server', message: fields.condition });
        shown = true;
      }
      if (fields.deduction) {
        setError('deduction', { type: 'server', message: fields.deduction });
        shown = true;
      }
      return shown;
    });
  });
  const error = errors.condition?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-2">
      <fieldset aria-describedby={error ? `${id}-error` : undefined} className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Condition</legend>
        {RETURN_CONDITIONS.map((condition) => (
          <label key={condition} className="flex cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2 has-checked:border-primary">
            <input type="radio" value={condition} className="radio radio-primary radio-sm" {...register('condition')} />
            <span>{labels[condition]}</span>
          </label>
        ))}
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-error">
            {error}
          </p>
        ) : null}
      </fieldset>
      {deposit !== null ? (
        <InputField
          label="Deduction (optional)"
          inputMode="decimal"
          hint={`Taken off the deposit of ${money(deposit)}, for a core that cannot be rebuilt.`}
          error={errors.deduction?.message}
          {...register('deduction')}
        />
      ) : null}
      <Actions confirm={MOVE_TEXTS.receive.confirm} busy={busy} onClose={onClose} />
    </form>
  );
}

/** Refund and close: nothing to fill in; a refund shows its figures and says its total on the button. */
function ConfirmMove({ pending, onClose }: { pending: PendingMove; onClose: () => void }) {
  const money = useMoney();
  const { make, busy } = useMakeMove(pending, onClose);
  const refund = pending.move === 'refund';
  const confirm = refund ? `Refund ${money(pending.ret.refund.total)}` : MOVE_TEXTS[pending.move].confirm;
  const onConfirm = () => make({ ret: pending.ret, move: pending.move as 'refund' | 'close' });
  return (
    <>
      {refund ? <RefundTable ret={pending.ret} className="mt-4" /> : null}
      <Actions confirm={confirm} busy={busy} onClose={onClose} danger={refund} type="button" onConfirm={onConfirm} />
    </>
  );
}
