import { Fragment } from 'react';
import { useMoney } from '@/lib/config';
import { coreDeposits, deliveryName, hasExtras, hasSeveralLines, lineDeposit, orderNumber, orderTotal } from '../lines';
import type { Order } from '../types';
import { CancelReasonNote, PayByNote } from './order-badges';
import { OrderStatus } from './order-status';

/**
 * The payment page's order summary: the order's number, what is paid for, by when to pay to keep it (or why it was
 * cancelled), and the transaction id once it is paid.
 */
export function PaymentSummary({ order }: { order: Order }) {
  const money = useMoney();
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="order-summary-title">
      <div className="card-body">
        <h2 id="order-summary-title" className="card-title">
          Order summary
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
          <dt className="text-base-content/70">Order</dt>
          <dd className="font-mono font-medium">{orderNumber(order._id)}</dd>
          {hasSeveralLines(order) ? (
            <>
              <dt className="text-base-content/70">Parts</dt>
              <dd>
                <ul className="grid gap-1">
                  {order.lines!.map((line, index) => (
                    <Fragment key={`${line.partId}-${index}`}>
                      <li className="flex justify-between gap-3">
                        <span>
                          {line.quantity} × <span className="font-semibold">{line.partName}</span>
                        </span>
                        <span className="whitespace-nowrap">{money(line.price)}</span>
                      </li>
                      {line.coreCharge > 0 ? (
                        <li className="flex justify-between gap-3 text-sm">
                          <span>
                            {line.quantity} × Core deposit: {line.partName}
                          </span>
                          <span className="whitespace-nowrap">{money(lineDeposit(line))}</span>
                        </li>
                      ) : null}
                    </Fragment>
                  ))}
                </ul>
              </dd>
            </>
          ) : (
            <>
              <dt className="text-base-content/70">Part</dt>
              <dd className="font-semibold">{order.partName}</dd>
              <dt className="text-base-content/70">Quantity</dt>
              <dd>{order.quantity}</dd>
              <dt className="text-base-content/70">Unit price</dt>
              <dd>{money(order.unitPrice)}</dd>
            </>
          )}
          {hasExtras(order) ? (
            <>
              <dt className="text-base-content/70">Goods</dt>
              <dd>{money(order.price)}</dd>
              <dt className="text-base-content/70">Shipping</dt>
              <dd>
                {money(order.shipping ?? 0)} <span className="text-sm text-base-content/70">({deliveryName(order)})</span>
              </dd>
              <dt className="text-base-content/70">Tax</dt>
              <dd>{money(order.tax ?? 0)}</dd>
              {coreDeposits(order) > 0 ? (
                <>
                  <dt className="text-base-content/70">Core deposits</dt>
                  <dd>
                    {money(coreDeposits(order))} <span className="text-sm text-base-content/70">(refunded when you return your old parts)</span>
                  </dd>
                </>
              ) : null}
            </>
          ) : null}
          <dt className="text-base-content/70">Total</dt>
          <dd className="text-lg font-bold">{money(orderTotal(order))}</dd>
          <dt className="text-base-content/70">Status</dt>
          <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <OrderStatus status={order.status} />
            <CancelReasonNote order={order} viewer="buyer" />
            <PayByNote order={order} />
          </dd>
          {order.paid && order.transactionId ? (
            <>
              <dt className="text-base-content/70">Transaction id</dt>
              <dd className="break-all">{order.transactionId}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
