import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn, type UseFormSetError } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Booking, OrderLine } from '@/api/types';
import { InputField, TextAreaField } from '@/components/ui/field';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { notify } from '@/lib/notify';
import { ACCEPTED_IMAGES, hasFile, uploadImage } from '@/lib/upload-image';
import { useReturnableOrder } from '../api/get-order';
import { useReturnPolicy } from '../api/get-return-policy';
import { useRequestReturn } from '../api/request-return';
import { MAX_NOTE, returnRequestInput, returnRequestSchema, type ReturnRequestValues } from '../schemas';
import { coreWindowSentence, formatPercent, hasCoreCharge, orderNumber, policySentence, REASON_LABELS, RETURN_REASONS, shopAtFault } from '../states';
import type { ReturnPolicy, ReturnReason, ReturnRequest } from '../types';

const BACK = { href: paths.dashboard.orders.getHref(), label: 'Back to My Orders' };

/**
 * Return items: the buyer picks how many of each line of a delivered or collected order to send
 * back, and why, with a note and a photo if they like, under the shop's return policy. An order
 * with parts that carry a core deposit may also send back the old parts (cores) for their deposit,
 * within the core return window. Sent, the return's own page opens.
 */
export function RequestReturnForm({ orderId }: { orderId: string }) {
  const order = useReturnableOrder(orderId);
  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div className="grid justify-items-start gap-2">
        <ErrorBox error={order.error} onRetry={missing ? undefined : () => void order.refetch()} />
        <Link to={BACK.href} className="btn btn-outline">
          {BACK.label}
        </Link>
      </div>
    );
  }
  if (order.data.fulfilmentStatus !== 'delivered') {
    return (
      <div className="grid justify-items-start gap-2">
        <p role="alert" className="alert alert-warning alert-soft">
          Only a delivered or collected order can be returned.
        </p>
        <Link to={BACK.href} className="btn btn-outline">
          {BACK.label}
        </Link>
      </div>
    );
  }
  return <ReturnFields key={order.data._id} order={order.data} />;
}

/** The order's lines; an answer without them is an order of its one part. */
function linesOf(order: Booking): OrderLine[] {
  if (order.lines && order.lines.length > 0) return order.lines;
  return [
    { partId: order.partId, partName: order.partName, sku: '', unitPrice: order.unitPrice, quantity: order.quantity, price: order.price, weightKg: 0, coreCharge: 0 },
  ];
}

/** The deposit every part with one carries, when they all carry the same; else null. */
function commonDeposit(lines: readonly OrderLine[]): number | null {
  const deposits = new Set(lines.filter(hasCoreCharge).map((line) => line.coreCharge));
  return deposits.size === 1 ? [...deposits][0]! : null;
}

/**
 * Where the server's per-field messages go: `lines.i.…` (or `lines[i].…`) is the i-th line sent,
 * `reason`, `note` and `image` their own inputs.
 */
function applyFieldErrors(error: unknown, request: ReturnRequest | null, setError: UseFormSetError<ReturnRequestValues>) {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const line = /^lines(?:\[(\d+)\]|\.(\d+))/.exec(field);
    if (line) {
      const position = request?.lines[Number(line[1] ?? line[2])]?.position;
      if (position) setError(`quantities.${position - 1}`, { type: 'server', message });
    } else if (field === 'reason' || field === 'note' || field === 'image') {
      setError(field, { type: 'server', message });
    }
  }
}

/** Uploads the photo; trying again with the same file answers the address it got the first time. */
function useUploadOnce() {
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  return useCallback(async (file: File) => {
    if (uploaded.current?.file !== file) uploaded.current = { file, url: await uploadImage(file) };
    return uploaded.current.url;
  }, []);
}

function ReturnFields({ order }: { order: Booking }) {
  const lines = useMemo(() => linesOf(order), [order]);
  const schema = useMemo(() => returnRequestSchema(lines.map((line) => line.quantity)), [lines]);
  const requestReturn = useRequestReturn();
  const policy = useReturnPolicy();
  const money = useMoney();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadOnce();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReturnRequestValues>({
    resolver: zodResolver(schema),
    // One line: all of it, the likeliest choice; several: none until the buyer says.
    defaultValues: { quantities: lines.map((line) => (lines.length === 1 ? String(line.quantity) : '0')), reason: '', note: '', image: undefined },
  });
  const reason = useWatch({ control, name: 'reason' }) as ReturnReason | '';
  // The core reason is offered only for an order with a part that carries a deposit, and then
  // names only those parts: the others go back to 0 when it is chosen.
  const withCores = lines.some(hasCoreCharge);
  const reasons = withCores ? RETURN_REASONS : RETURN_REASONS.filter((value) => value !== 'core');
  const cores = reason === 'core';
  const deposit = commonDeposit(lines);
  const reasonField = register('reason', {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value !== 'core') return;
      lines.forEach((line, index) => {
        if (!hasCoreCharge(line)) setValue(`quantities.${index}`, '0');
      });
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let request: ReturnRequest | null = null;
    try {
      let image: string | undefined;
      if (hasFile(values.image)) image = await upload(values.image[0]!);
      request = returnRequestInput(values, image);
      const ret = await requestReturn.mutateAsync({ orderId: order._id, request });
      notify.success(`Return ${ret.number} is requested. We will e-mail you once we have looked at it.`);
      void navigate(paths.dashboard.return.getHref(ret._id));
    } catch (error) {
      applyFieldErrors(error, request, setError);
      setFailure(errorMessage(error));
    }
  });

  const quantityErrors = errors.quantities;
  const noneChosen = quantityErrors?.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Return items from order ${orderNumber(order._id)}`} className="grid max-w-3xl gap-6">
      <div className="alert alert-info alert-soft flex flex-col items-start gap-1">
        <p className="font-semibold">Order {orderNumber(order._id)}</p>
        {policy.data ? <p>{policySentence(policy.data, money)}</p> : null}
        {policy.data && withCores ? <p>{coreWindowSentence(policy.data, deposit, money)}</p> : null}
      </div>

      <fieldset className="grid gap-3" aria-describedby={noneChosen ? 'return-lines-error' : undefined}>
        <legend className="mb-2 text-lg font-semibold">{cores ? 'Which old parts are you sending back?' : 'Which parts are you sending back?'}</legend>
        {cores ? <p className="text-sm text-base-content/75">Only the parts that carry a core deposit are listed.</p> : null}
        <ul className="grid gap-3">
          {lines.map((line, index) =>
            cores && !hasCoreCharge(line) ? null : (
              <ReturnLineField
                key={`${line.partId}-${index}`}
                line={line}
                showVehicle={reason === 'doesNotFit'}
                core={cores}
                error={quantityErrors?.[index]?.message}
                {...register(`quantities.${index}`)}
              />
            ),
          )}
        </ul>
        {noneChosen ? (
          <p id="return-lines-error" className="text-sm font-medium text-error">
            {noneChosen}
          </p>
        ) : null}
      </fieldset>

      <ReasonField error={errors.reason?.message} reason={reason} reasons={reasons} policy={policy.data} deposit={deposit} {...reasonField} />

      <TextAreaField label="Note (optional)" maxLength={MAX_NOTE} placeholder="Anything that helps us, such as what is wrong with the part." error={errors.note?.message} {...register('note')} />
      <InputField
        label="Photo (optional)"
        type="file"
        accept={ACCEPTED_IMAGES}
        hint="A photo of the part or the damage helps us decide sooner. JPEG, PNG, WebP or GIF."
        error={errors.image?.message}
        {...register('image')}
      />

      {failure ? (
        <p role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Request return
        </button>
        <Link to={BACK.href} className="btn btn-ghost">
          {BACK.label}
        </Link>
      </div>
    </form>
  );
}

type LineFieldProps = UseFormRegisterReturn & {
  line: OrderLine;
  showVehicle: boolean;
  /** The old parts (cores) go back, for their deposit. */
  core: boolean;
  error: string | undefined;
};

/**
 * One order line: its part, price and quantity ordered, its deposit when it carries one, and how
 * many of it (or, for a core return, of the old parts it replaced) go back (0 to that quantity).
 */
function ReturnLineField({ line, showVehicle, core, error, ...field }: LineFieldProps) {
  const id = useId();
  const money = useMoney();
  const vehicle = showVehicle && line.vehicle ? line.vehicle : null;
  const deposit = hasCoreCharge(line) ? line.coreCharge : null;
  return (
    <li className="flex flex-wrap items-end justify-between gap-3 rounded-box border border-base-300 p-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block">
          <span className="block font-semibold break-words">{line.partName}</span>{' '}
          <span className="block text-sm text-base-content/75">
            {core
              ? `How many old parts to send back (you ordered ${line.quantity})`
              : `How many to send back (you ordered ${line.quantity} at ${money(line.unitPrice)} each)`}
          </span>
        </label>
        {deposit !== null ? (
          <p id={`${id}-deposit`} className="mt-1 text-sm">
            {money(deposit)} deposit per unit{core ? '' : ', refunded with the part'}
          </p>
        ) : null}
        {vehicle ? (
          <p id={`${id}-vehicle`} className="mt-1 text-sm font-medium">
            Ordered for: {vehicle}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
            {error}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={line.quantity}
        step={1}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [deposit !== null ? `${id}-deposit` : null, vehicle ? `${id}-vehicle` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
        }
        className={`input input-bordered w-24 text-center font-semibold ${error ? 'input-error' : ''}`}
        {...field}
      />
    </li>
  );
}

type ReasonFieldProps = UseFormRegisterReturn & {
  error: string | undefined;
  reason: ReturnReason | '';
  /** The reasons this order offers: the core reason only when a part carries a deposit. */
  reasons: readonly ReturnReason[];
  policy: ReturnPolicy | undefined;
  /** The deposit each part with one carries, when the same for all. */
  deposit: number | null;
};

/** The reason as radio buttons in the buyer's words, and what it means for the refund. */
function ReasonField({ error, reason, reasons, policy, deposit, ...field }: ReasonFieldProps) {
  const id = useId();
  const money = useMoney();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-effect`} className="grid gap-2">
      <legend className="mb-2 text-lg font-semibold">Why are you sending it back?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {reasons.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2.5 has-checked:border-primary has-checked:bg-primary/5">
            <input type="radio" value={value} className="radio radio-primary radio-sm" {...field} />
            <span>{REASON_LABELS[value]}</span>
          </label>
        ))}
      </div>
      <p id={`${id}-effect`} className="text-sm text-base-content/75" aria-live="polite">
        {reason ? reasonEffect(reason, policy, deposit, money) : null}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** What the chosen reason means for the refund, by the shop's policy. */
function reasonEffect(reason: ReturnReason, policy: ReturnPolicy | undefined, deposit: number | null, money: (amount: number) => string): string {
  if (reason === 'core') {
    const window = policy ? `${coreWindowSentence(policy, deposit, money)} ` : '';
    return `${window}No restocking fee; we may take something off a core that cannot be rebuilt.`;
  }
  if (shopAtFault(reason)) return 'Our mistake: no restocking fee, and the delivery is refunded too.';
  const fee = policy?.restockingFee;
  if (!fee || fee.kind === 'none' || fee.amount <= 0) return 'No restocking fee.';
  const amount = fee.kind === 'percent' ? `${formatPercent(fee.amount)} of the parts' price` : money(fee.amount);
  return `A restocking fee of ${amount} comes off the refund. Delivery is not refunded.`;
}
