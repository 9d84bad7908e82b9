import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import type { LowStockPart, TopPart } from '@/api/types';
import { ErrorBox } from '@/components/ui/error-box';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { PageSpinner } from '@/components/ui/spinner';
import { useMoney } from '@/lib/config';
import { useDashboard } from '../api/get-dashboard';
import { adminKeys } from '../api/keys';
import { BarChart } from './bar-chart';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-box border border-base-300 p-4">
      <dt className="text-sm text-base-content/75">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

function TopTable({ caption, parts, money }: { caption: string; parts: TopPart[]; money: (amount: number) => string }) {
  return (
    <ScrollRegion label={caption}>
      <table className="table table-sm">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Part number</th>
            <th scope="col" className="text-right">Units</th>
            <th scope="col" className="text-right">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {parts.length === 0 ? (
            <tr>
              <td colSpan={4}>No sales in the last 30 days.</td>
            </tr>
          ) : (
            parts.map((part) => (
              <tr key={part.partId}>
                <td>{part.name}</td>
                <td>{part.sku}</td>
                <td className="text-right">{part.units}</td>
                <td className="text-right">{money(part.revenue)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}


/** What a low-stock row's restock needs: the parts feature's restock modal, which the page passes in. */
export type RestockModalType = ComponentType<{ part: (LowStockPart & { lowStock: boolean }) | null; onClose: () => void }>;

/**
 * The sales dashboard: orders and revenue a day for the last 30 days, the orders by state, the
 * parts that sold best, the parts to restock (with a Restock button each, opening `RestockModal`)
 * and the refunds.
 */
export function SalesDashboard({ RestockModal }: { RestockModal: RestockModalType }) {
  const dashboard = useDashboard();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [restocking, setRestocking] = useState<LowStockPart | null>(null);

  if (dashboard.isError) return <ErrorBox error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  if (!dashboard.data) return <PageSpinner />;
  const data = dashboard.data;
  const totalOrders = data.days.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = data.days.reduce((sum, day) => sum + day.revenue, 0);

  const closeRestock = () => {
    setRestocking(null);
    void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
  };

  return (
    <div className="grid grid-cols-1 gap-8">
      <section aria-labelledby="orders-now">
        <h2 id="orders-now" className="mb-3 text-lg font-bold">
          Orders now
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label="Paid, to ship" value={data.orders.paid} />
          <Stat label="Unpaid" value={data.orders.unpaid} />
          <Stat label="Shipped" value={data.orders.shipped} />
          <Stat label={`Refunds in 30 days (${data.refunds.count})`} value={money(data.refunds.amount)} />
        </dl>
      </section>

      <section aria-labelledby="last-30-days">
        <h2 id="last-30-days" className="mb-3 text-lg font-bold">
          The last 30 days: {totalOrders} {totalOrders === 1 ? 'order' : 'orders'}, {money(totalRevenue)} paid
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <BarChart title="Orders a day" bars={data.days.map((day) => ({ label: day.date, value: day.orders }))} format={String} />
          <BarChart title="Revenue a day" bars={data.days.map((day) => ({ label: day.date, value: day.revenue }))} format={money} />
        </div>
      </section>

      <section aria-labelledby="top-parts" className="grid gap-4 lg:grid-cols-2">
        <h2 id="top-parts" className="text-lg font-bold lg:col-span-2">
          Best sellers
        </h2>
        <TopTable caption="Top parts by units" parts={data.topByUnits} money={money} />
        <TopTable caption="Top parts by revenue" parts={data.topByRevenue} money={money} />
      </section>

      <section aria-labelledby="low-stock">
        <h2 id="low-stock" className="mb-3 text-lg font-bold">
          Low stock ({data.lowStockCount})
        </h2>
        {data.lowStock.length === 0 ? (
          <p>Every part is above its reorder level.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Part</th>
                  <th scope="col">Part number</th>
                  <th scope="col" className="text-right">In stock</th>
                  <th scope="col" className="text-right">Reorder level</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lowStock.map((part) => (
                  <tr key={part._id}>
                    <td>{part.name}</td>
                    <td>{part.sku}</td>
                    <td className="text-right">{part.availableQuantity}</td>
                    <td className="text-right">{part.reorderLevel}</td>
                    <td>
                      <button type="button" className="btn btn-sm" aria-label={`Restock ${part.name}`} onClick={() => setRestocking(part)}>
                        Restock
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.lowStockCount > data.lowStock.length ? (
              <p className="mt-2 text-sm text-base-content/75">
                The {data.lowStock.length} lowest of {data.lowStockCount} are shown.
              </p>
            ) : null}
          </div>
        )}
      </section>
      <RestockModal part={restocking ? { ...restocking, lowStock: true } : null} onClose={closeRestock} />
    </div>
  );
}
