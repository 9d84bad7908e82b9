import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import type { Viewer } from '../hold';
import { orderDate } from '../lines';
import type { Order } from '../types';
import { CancelReasonNote, FulfilmentBadge, PaymentBadge, ShipmentNote } from './order-badges';

/** Below which width cards stand in for the table (the class names spelled out, for Tailwind to find). */
const LAYOUTS = {
  sm: { cards: 'grid gap-3 sm:hidden', table: 'hidden sm:block' },
  md: { cards: 'grid gap-3 md:hidden', table: 'hidden md:block' },
} as const;

type OrdersTableProps = {
  orders: readonly Order[];
  /** Whose words say why an order was cancelled: "Cancelled by you", or "Cancelled by the buyer". */
  viewer: Viewer;
  /** Below this width, one card per order instead of the table: `md` for a table with more columns. */
  cardsBelow: keyof typeof LAYOUTS;
  /** The smaller table (`table-sm`), for a table with more columns. */
  compact?: boolean;
  /** The order's number in its first cell: a link to its page, or the bare number. */
  number: (order: Order) => ReactNode;
  /** The columns between Order and Payment (the buyer, the parts, the quantity and the total). */
  columns: readonly DataColumn<Order>[];
  /** The last cell's buttons and links. */
  actions: (order: Order) => ReactNode;
  /** One order's card on narrow screens. */
  card: (order: Order) => ReactNode;
};

/**
 * A list of orders: on narrow screens one card per order (a list named "Orders"); on wider ones a
 * table whose rows start with the order's number and the day it was placed and end with its payment
 * badge, its fulfilment badge (with why it was cancelled, and its carrier and tracking number), and
 * what can be done with it.
 */
export function OrdersTable({ orders, viewer, cardsBelow, compact = false, number, columns, actions, card }: OrdersTableProps) {
  const layout = LAYOUTS[cardsBelow];
  const tableColumns: DataColumn<Order>[] = [
    {
      header: 'Order',
      className: 'whitespace-nowrap',
      cell: (order) => (
        <>
          <div className="font-mono font-medium">{number(order)}</div>
          <div className="text-xs text-base-content/70">{orderDate(order)}</div>
        </>
      ),
    },
    ...columns,
    { header: 'Payment', cell: (order) => <PaymentBadge order={order} /> },
    {
      header: 'Fulfilment',
      cell: (order) => (
        <div className="flex flex-col items-start gap-1">
          <FulfilmentBadge order={order} />
          <CancelReasonNote order={order} viewer={viewer} />
          <ShipmentNote order={order} />
        </div>
      ),
    },
    { header: 'Actions', hideHeader: true, cell: actions },
  ];

  return (
    <>
      {/* Narrow screens: one card per order. */}
      <ul className={layout.cards} aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id} className="rounded-box border border-base-300 bg-base-100 p-4">
            {card(order)}
          </li>
        ))}
      </ul>
      {/* Wider screens: a table. */}
      <DataTable rows={orders} columns={tableColumns} tableClassName={compact ? 'table table-sm' : 'table'} className={layout.table} />
    </>
  );
}
