import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { addressLines } from '@/lib/address';
import { DEFAULT_SHOP_NAME, useConfig, useMoney } from '@/lib/config';
import { useOrder } from '../api/get-order';
import { deliveryName, lineDeposit, orderLines, orderNumber } from '../lines';
import type { Order } from '../types';
import { CancelReasonNote, FulfilmentBadge, PaymentBadge, ShipmentNote } from './order-badges';
import { OrderLoadError } from './order-load-error';
import { OrderSums } from './order-sums';

/** The buyer's invoice, or the staff's packing slip (what to pick and where it goes; no prices). */
export type OrderDocumentKind = 'invoice' | 'packing-slip';

const TITLES: Record<OrderDocumentKind, string> = { invoice: 'Invoice', 'packing-slip': 'Packing slip' };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

type OrderDocumentProps = {
  orderId: string;
  kind: OrderDocumentKind;
  backTo: { href: string; label: string };
  /** At the foot of an invoice: the shop's return terms. */
  terms?: ReactNode;
};

/**
 * One order on a page of its own: its lines, where it goes and (on the invoice) what it costs, with
 * Print. Printed, the page is the document alone: the shop's header, menus and buttons stay off paper.
 */
export function OrderDocument({ orderId, kind, backTo, terms }: OrderDocumentProps) {
  const order = useOrder(orderId);
  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) return <OrderLoadError error={order.error} onRetry={() => void order.refetch()} backTo={backTo} />;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print {TITLES[kind].toLowerCase()}
        </button>
        <Link to={backTo.href} className="btn btn-outline">
          {backTo.label}
        </Link>
        {kind === 'invoice' && order.data.fulfilmentStatus === 'delivered' && order.data.paymentStatus === 'paid' ? (
          <Link to={paths.dashboard.newReturn.getHref(order.data._id)} className="btn btn-outline">
            Return items
          </Link>
        ) : null}
      </div>
      <OrderSheet order={order.data} kind={kind} terms={terms} />
    </div>
  );
}

function OrderSheet({ order, kind, terms }: { order: Order; kind: OrderDocumentKind; terms?: ReactNode }) {
  const config = useConfig();
  const money = useMoney();
  const invoice = kind === 'invoice';
  const lines = orderLines(order);
  const address = order.deliveryAddress ?? null;

  return (
    <article aria-labelledby="order-document-title" className="order-document grid gap-6 rounded-box border border-base-300 p-6 print:border-0 print:p-0">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg font-extrabold">{config.data?.shopName ?? DEFAULT_SHOP_NAME}</p>
          <h2 id="order-document-title" className="text-2xl font-bold">
            {TITLES[kind]} · Order {orderNumber(order._id)}
          </h2>
          <p className="text-sm text-base-content/75">Placed {formatDate(order.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PaymentBadge order={order} labelled />
          <FulfilmentBadge order={order} labelled />
          <CancelReasonNote order={order} viewer={invoice ? 'buyer' : 'admin'} />
        </div>
      </header>

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="order-buyer-title">
          <h3 id="order-buyer-title" className="text-sm font-semibold uppercase tracking-wider text-base-content/70">
            {invoice ? 'Billed to' : 'Buyer'}
          </h3>
          <p className="font-semibold">{order.buyerName}</p>
          <p className="text-sm">{order.buyer}</p>
          {order.phone ? <p className="text-sm">{order.phone}</p> : null}
        </section>
        <section aria-labelledby="order-delivery-title">
          <h3 id="order-delivery-title" className="text-sm font-semibold uppercase tracking-wider text-base-content/70">
            {address ? 'Ship to' : 'Delivery'}
          </h3>
          <p className="font-semibold">{deliveryName(order)}</p>
          {address ? (
            <address className="not-italic text-sm">
              <span className="block">{address.name}</span>
              {addressLines(address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              {address.phone ? <span className="block">{address.phone}</span> : null}
            </address>
          ) : (
            <p className="text-sm">Collected at the trade counter.</p>
          )}
          <ShipmentNote order={order} />
        </section>
      </div>

      {invoice ? (
        // On a phone the invoice's lines are a list: each part's name across the screen, its count,
        // unit price and amount under it, none off screen.
        <ul aria-label="Invoice lines" className="grid divide-y divide-base-300 border-y border-base-300 sm:hidden print:hidden">
          {lines.map((line, index) => (
            <Fragment key={`${line.partId}-${index}`}>
              <li className="grid gap-0.5 py-2 text-sm">
                <span className="font-medium break-words">{line.partName}</span>
                {line.vehicle ? <span className="text-xs text-base-content/70">For {line.vehicle}</span> : null}
                <span className="flex justify-between gap-3">
                  <span className="text-base-content/75">
                    {line.sku ? <span className="font-mono text-xs">{line.sku} · </span> : null}
                    {line.quantity} × {money(line.unitPrice)}
                  </span>
                  <span className="whitespace-nowrap font-medium">{money(line.price)}</span>
                </span>
              </li>
              {line.coreCharge > 0 ? (
                <li className="grid gap-0.5 py-2 text-sm">
                  <span className="font-medium break-words">Core deposit: {line.partName}</span>
                  <span className="flex justify-between gap-3">
                    <span className="text-base-content/75">
                      {line.quantity} × {money(line.coreCharge)}
                    </span>
                    <span className="whitespace-nowrap font-medium">{money(lineDeposit(line))}</span>
                  </span>
                </li>
              ) : null}
            </Fragment>
          ))}
        </ul>
      ) : null}
      <ScrollRegion label={invoice ? 'Invoice lines' : 'Packing list'} className={invoice ? 'hidden sm:block print:block' : ''}>
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Part number</th>
              <th scope="col">Part</th>
              <th scope="col" className="text-right">
                Qty
              </th>
              {invoice ? (
                <>
                  <th scope="col" className="text-right">
                    Unit price
                  </th>
                  <th scope="col" className="text-right">
                    Amount
                  </th>
                </>
              ) : (
                <>
                  <th scope="col" className="text-right">
                    Weight
                  </th>
                  <th scope="col" className="text-center">
                    Packed
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <Fragment key={`${line.partId}-${index}`}>
                <tr>
                  <td className="font-mono text-xs">{line.sku || '—'}</td>
                  <td>
                    {line.partName}
                    {line.vehicle ? <span className="block text-xs text-base-content/70">For {line.vehicle}</span> : null}
                  </td>
                  <td className="text-right">{line.quantity}</td>
                  {invoice ? (
                    <>
                      <td className="whitespace-nowrap text-right">{money(line.unitPrice)}</td>
                      <td className="whitespace-nowrap text-right">{money(line.price)}</td>
                    </>
                  ) : (
                    <>
                      <td className="whitespace-nowrap text-right">{line.weightKg > 0 ? `${formatKg(line.weightKg * line.quantity)} kg` : '—'}</td>
                      <td className="text-center">
                        <span className="inline-block h-4 w-4 border border-base-content/60" aria-label="Not yet checked" role="img" />
                      </td>
                    </>
                  )}
                </tr>
                {/* A deposit is charged, not packed: its row is on the invoice alone. */}
                {invoice && line.coreCharge > 0 ? (
                  <tr>
                    <td className="font-mono text-xs">—</td>
                    <td>Core deposit: {line.partName}</td>
                    <td className="text-right">{line.quantity}</td>
                    <td className="whitespace-nowrap text-right">{money(line.coreCharge)}</td>
                    <td className="whitespace-nowrap text-right">{money(lineDeposit(line))}</td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      {invoice ? (
        <div className="ml-auto grid w-full max-w-xs gap-2">
          <OrderSums order={order} totalTestId="invoice-total" className="[&>dd:last-of-type]:text-lg" />
          {order.paid && order.transactionId ? (
            <p className="text-xs break-all text-base-content/70">Paid by card, transaction {order.transactionId}</p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm">
          {lines.reduce((sum, line) => sum + line.quantity, 0)} units in {lines.length} {lines.length === 1 ? 'line' : 'lines'}.
        </p>
      )}
      {invoice && terms ? <footer className="border-t border-base-300 pt-3 text-xs text-base-content/75">{terms}</footer> : null}
    </article>
  );
}

/** Kilograms with at most three decimals, trailing zeros left off: 1.25, 0.5, 12. */
function formatKg(kg: number): string {
  return String(Math.round(kg * 1000) / 1000);
}
