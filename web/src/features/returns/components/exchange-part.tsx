import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSignedInUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useBuyerOrders, useLinkExchange } from '../api/link-exchange';
import { exchangeable, orderNumber } from '../states';
import type { ReturnView } from '../types';

/**
 * The exchange of a part that did not fit (docs/decisions.md, D41): the part that fits is found in
 * the catalogue for the vehicle it was bought for and ordered as any order; the order is then linked
 * here. The refund of the returned part still waits for it to come back.
 */
export function ExchangePart({ ret }: { ret: ReturnView }) {
  if (ret.exchangeOrderId) {
    return (
      <section aria-labelledby="exchange-title" className="rounded-box border border-base-300 p-4">
        <h2 id="exchange-title" className="text-lg font-semibold">
          Exchange
        </h2>
        <p className="mt-1">
          Replaced by{' '}
          <Link to={paths.dashboard.order.getHref(ret.exchangeOrderId)} className="link">
            order {orderNumber(ret.exchangeOrderId)}
          </Link>
          . The refund of the returned part is made once it is back with us.
        </p>
      </section>
    );
  }
  if (!exchangeable(ret)) return null;
  return <ExchangeChooser ret={ret} />;
}

function ExchangeChooser({ ret }: { ret: ReturnView }) {
  const user = useSignedInUser();
  const orders = useBuyerOrders(user.email);
  const link = useLinkExchange();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const vehicle = ret.lines.find((line) => line.vehicle)?.vehicle ?? null;
  // Orders placed after the return was asked for, not cancelled, other than the one returned.
  const candidates = (orders.data ?? []).filter(
    (order) => order._id !== ret.bookingId && order.createdAt >= ret.createdAt && order.fulfilmentStatus !== 'cancelled',
  );
  const onLink = () => {
    if (!chosen) return;
    link.mutate(
      { ret, orderId: chosen },
      {
        onSuccess: () => notify.success(`Order ${orderNumber(chosen)} replaces the part of ${ret.number}.`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };
  return (
    <section aria-labelledby="exchange-title" className="grid gap-3 rounded-box border border-base-300 p-4">
      <h2 id="exchange-title" className="text-lg font-semibold">
        Exchange it for the part that fits
      </h2>
      <p className="text-sm">
        Order the right part as any order; we refund the one you send back once it reaches us.
        {vehicle ? ` The part was bought for your ${vehicle}.` : ''}
      </p>
      <div>
        <Link to={`${paths.parts.getHref()}${vehicle ? `?q=${encodeURIComponent(vehicle)}` : ''}`} className="btn btn-sm btn-primary">
          {vehicle ? `Find parts for your ${vehicle}` : 'Find the part that fits'}
        </Link>
      </div>
      {candidates.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-semibold">
              The order that replaces it
            </label>
            <select id={selectId} className="select select-bordered select-sm" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose an order</option>
              {candidates.map((order) => (
                <option key={order._id} value={order._id}>
                  {orderNumber(order._id)}: {order.lines?.map((line) => line.partName).join(', ') ?? order.partName}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-sm btn-outline" disabled={!chosen || link.isPending} onClick={onLink}>
            Link order
          </button>
        </div>
      ) : null}
    </section>
  );
}
