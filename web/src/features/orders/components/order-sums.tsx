import { useMoney } from '@/lib/config';
import { coreDeposits, orderTotal } from '../lines';
import type { Order } from '../types';

type OrderSumsProps = {
  order: Order;
  className?: string;
  /** The test id of the total's figure (the invoice's). */
  totalTestId?: string;
};

/**
 * What an order costs, as the invoice shows it: goods, shipping, tax, core deposits (when its parts
 * carry any) and the total the card is charged, so a total never reads as the goods' price with
 * something unexplained added. The total's rule runs unbroken under both columns.
 */
export function OrderSums({ order, className = '', totalTestId }: OrderSumsProps) {
  const money = useMoney();
  return (
    <dl className={`grid grid-cols-[minmax(0,1fr)_auto] gap-y-1 ${className}`}>
      <dt className="text-base-content/70">Goods</dt>
      <dd className="pl-6 text-right">{money(order.price)}</dd>
      <dt className="text-base-content/70">Shipping</dt>
      <dd className="pl-6 text-right">{money(order.shipping ?? 0)}</dd>
      <dt className="text-base-content/70">Tax</dt>
      <dd className="pl-6 text-right">{money(order.tax ?? 0)}</dd>
      {coreDeposits(order) > 0 ? (
        <>
          <dt className="text-base-content/70">Core deposits</dt>
          <dd className="pl-6 text-right">{money(coreDeposits(order))}</dd>
        </>
      ) : null}
      <dt className="border-t border-base-300 pt-1 font-semibold">Total</dt>
      <dd className="border-t border-base-300 pl-6 pt-1 text-right font-bold" data-testid={totalTestId}>
        {money(orderTotal(order))}
      </dd>
    </dl>
  );
}
