import { useMoney } from '@/lib/config';
import { coreDeposits, hasExtras, hasSeveralLines, orderTotal } from '../lines';
import type { Order } from '../types';

/** The parts of an order in a list's cell: its part's name, or each line's quantity and name. */
export function OrderParts({ order }: { order: Order }) {
  if (!hasSeveralLines(order)) return <>{order.partName}</>;
  return (
    <ul aria-label={`Lines of order #${order._id}`} className="grid gap-0.5">
      {order.lines!.map((line, index) => (
        <li key={`${line.partId}-${index}`}>
          {line.quantity} × {line.partName}
        </li>
      ))}
    </ul>
  );
}

/**
 * The order's total in a list's cell; with delivery, tax or core deposits, the goods, shipping, tax
 * (and deposits) under it.
 * An order of goods alone shows its one figure, as it always did.
 */
export function OrderTotal({ order }: { order: Order }) {
  const money = useMoney();
  if (!hasExtras(order)) return <>{money(orderTotal(order))}</>;
  return (
    <div className="flex flex-col items-end">
      <span className="font-semibold">{money(orderTotal(order))}</span>
      <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap text-base-content/70">
        <dt>Goods</dt>
        <dd className="text-right">{money(order.price)}</dd>
        <dt>Shipping</dt>
        <dd className="text-right">{money(order.shipping ?? 0)}</dd>
        <dt>Tax</dt>
        <dd className="text-right">{money(order.tax ?? 0)}</dd>
        {coreDeposits(order) > 0 ? (
          <>
            <dt>Core deposits</dt>
            <dd className="text-right">{money(coreDeposits(order))}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
