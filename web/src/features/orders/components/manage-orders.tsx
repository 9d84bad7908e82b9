import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DataColumn } from '@/components/ui/data-table';
import { ErrorBox } from '@/components/ui/error-box';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/config';
import { ADMIN_ORDERS_PAGE_SIZE, useAdminOrders } from '../api/get-admin-orders';
import { allowedMoves, moveLabel, ORDER_FILTERS, parseOrderFilter, type OrderFilter, type OrderMove } from '../moves';
import { deliveryName, hasSeveralLines, isPickup, orderDate, orderNumber, orderQuantity } from '../lines';
import type { Order } from '../types';
import { MoveOrderModal } from './move-order-modal';
import { CancelReasonNote, FulfilmentBadge, PaymentBadge, ShipmentNote } from './order-badges';
import { OrderParts, OrderTotal } from './order-lines';
import { OrdersTable } from './orders-table';

/** The order's number, leading to its own page (printable as a packing slip). */
function OrderNumber({ order }: { order: Order }) {
  return (
    <Link
      to={paths.dashboard.manageOrder.getHref(order._id)}
      className="link link-hover"
      aria-label={`Order ${orderNumber(order._id)}, details`}
    >
      {orderNumber(order._id)}
    </Link>
  );
}

/** A page number from the address: a whole number from 1, else 1. */
function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

type Pending = { order: Order; move: OrderMove } | null;

const MOVE_STYLES: Record<OrderMove, string> = {
  ship: 'btn-primary',
  deliver: 'btn-success',
  cancel: 'btn-outline btn-error',
  refund: 'btn-outline btn-warning',
};

/**
 * Manage Orders: every buyer's orders, newest first, a page at a time, filtered by state, with
 * the moves each order allows (Ship, Deliver, Cancel, Refund), each confirmed first, and why each
 * cancelled order was cancelled (by the buyer, by the shop, or not paid in time).
 * The filter and page live in the address, so a reload or a shared link shows the same list.
 */
export function ManageOrders() {
  const [params, setParams] = useSearchParams();
  const filter = parseOrderFilter(params.get('state'));
  const page = parsePage(params.get('page'));
  const orders = useAdminOrders(filter, page);
  const [pending, setPending] = useState<Pending>(null);
  const filterId = useId();

  const show = (next: { filter?: OrderFilter; page?: number }) => {
    const nextFilter = next.filter ?? filter;
    const nextPage = next.page ?? page;
    const search = new URLSearchParams();
    if (nextFilter !== 'all') search.set('state', nextFilter);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  const onMove = (order: Order, move: OrderMove) => setPending({ order, move });

  return (
    <>
      <div className="mb-4 flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={filterId} className="text-sm font-semibold">
          Show orders
        </label>
        <select
          id={filterId}
          // A native select, drawn like the shop's inputs (daisyUI's select styles are left out of the build).
          className="h-10 w-full rounded-field border border-base-content/20 bg-base-100 px-3 text-sm"
          value={filter}
          onChange={(event) => show({ filter: parseOrderFilter(event.target.value), page: 1 })}
        >
          {ORDER_FILTERS.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <OrderList
        orders={orders}
        page={page}
        filtered={filter !== 'all'}
        onPage={(next) => show({ page: next })}
        onMove={onMove}
      />
      <MoveOrderModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

type OrderListProps = {
  orders: ReturnType<typeof useAdminOrders>;
  page: number;
  filtered: boolean;
  onPage: (page: number) => void;
  onMove: (order: Order, move: OrderMove) => void;
};

function OrderList({ orders, page, filtered, onPage, onMove }: OrderListProps) {
  if (orders.isPending) return <Spinner label="Loading orders" />;
  if (orders.isError) return <ErrorBox error={orders.error} onRetry={() => void orders.refetch()} />;

  const { items, total } = orders.data;
  if (items.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
        <p>{filtered ? 'No orders in this state.' : 'No orders yet.'}</p>
        {page > 1 ? (
          <button type="button" className="btn btn-sm mt-4" onClick={() => onPage(1)}>
            Back to the first page
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <div>
      {/* Cards on phones and small tablets; the table, with its Buyer column, from md up. */}
      <OrdersTable
        orders={items}
        viewer="admin"
        cardsBelow="md"
        compact
        number={(order) => <OrderNumber order={order} />}
        columns={COLUMNS}
        actions={(order) => <OrderMoves order={order} onMove={onMove} className="flex-nowrap justify-end" />}
        card={(order) => <OrderCard order={order} onMove={onMove} />}
      />
      <OrderPages page={page} total={total} shown={items.length} onPage={onPage} />
    </div>
  );
}

/** The columns between the order's number and its badges. */
const COLUMNS: DataColumn<Order>[] = [
  {
    header: 'Buyer',
    cell: (order) => (
      <>
        <div className="font-medium">{order.buyerName}</div>
        <div className="text-xs whitespace-nowrap text-base-content/70">{order.buyer}</div>
      </>
    ),
  },
  { header: 'Part', className: 'min-w-40', cell: (order) => <OrderParts order={order} /> },
  { header: 'Qty', align: 'right', cell: orderQuantity },
  { header: 'Delivery', cell: (order) => <span className="whitespace-nowrap">{deliveryName(order)}</span> },
  { header: 'Total', align: 'right', className: 'whitespace-nowrap', cell: (order) => <OrderTotal order={order} /> },
];

/** An order on a phone: what it is, for whom, where it stands and its moves. */
function OrderCard({ order, onMove }: { order: Order; onMove: (order: Order, move: OrderMove) => void }) {
  const money = useMoney();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="font-semibold break-words">
            <OrderParts order={order} />
          </div>
          <p className="text-xs text-base-content/70">
            Order <OrderNumber order={order} /> · {orderDate(order)}
          </p>
        </div>
        <div className="whitespace-nowrap font-semibold">
          <OrderTotal order={order} />
        </div>
      </div>
      {hasSeveralLines(order) ? null : (
        <p className="mt-2 text-sm">
          {order.quantity} × {money(order.unitPrice)}
        </p>
      )}
      <p className="mt-1 text-sm">{order.buyerName}</p>
      <p className="text-sm text-base-content/75">{deliveryName(order)}</p>
      <p className="break-all text-xs text-base-content/70">{order.buyer}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <PaymentBadge order={order} labelled />
        <FulfilmentBadge order={order} labelled />
        <CancelReasonNote order={order} viewer="admin" />
      </div>
      <ShipmentNote order={order} />
      <OrderMoves order={order} onMove={onMove} className="mt-3 flex-wrap" />
    </>
  );
}

/** The buttons for the moves this order allows; none for a delivered, cancelled or refunded order. */
function OrderMoves({ order, onMove, className = '' }: { order: Order; onMove: (order: Order, move: OrderMove) => void; className?: string }) {
  const moves = allowedMoves(order);
  if (moves.length === 0) return null;
  return (
    <div className={`flex gap-2 ${className}`}>
      {moves.map((move) => (
        <button
          key={move}
          type="button"
          className={`btn btn-sm ${MOVE_STYLES[move]}`}
          aria-label={`${moveLabel(move, isPickup(order))} order #${order._id}`}
          onClick={() => onMove(order, move)}
        >
          {moveLabel(move, isPickup(order))}
        </button>
      ))}
    </div>
  );
}

/** Which orders of how many are shown, and the buttons to the other pages. */
function OrderPages({ page, total, shown, onPage }: { page: number; total: number; shown: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  const first = (page - 1) * ADMIN_ORDERS_PAGE_SIZE + 1;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-base-content/75" aria-live="polite">
        {first}–{first + shown - 1} of {total} {total === 1 ? 'order' : 'orders'}
      </p>
      <Pager page={page} pages={pages} onPage={onPage} />
    </nav>
  );
}
