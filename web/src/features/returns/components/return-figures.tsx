import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useMoney } from '@/lib/config';
import { useReturnFigures } from '../api/get-return-figures';
import { reasonLabel } from '../states';
import type { ReturnReason } from '../types';

/**
 * Returns in the last 30 days by reason: asked for, refunded, and the money refunded; and the old
 * parts (cores) received back, to send on to the rebuilder.
 */
export function ReturnFiguresTable() {
  const figures = useReturnFigures();
  const money = useMoney();
  if (figures.isPending) return <Spinner label="Loading returns by reason" />;
  if (figures.isError) return <ErrorBox error={figures.error} onRetry={() => void figures.refetch()} />;
  const rows = figures.data.byReason;
  const total = rows.reduce((sum, row) => sum + row.returns, 0);
  return (
    <section aria-labelledby="return-figures-title" className="grid gap-3">
      <h2 id="return-figures-title" className="text-lg font-semibold">
        Returns in 30 days by reason ({total})
      </h2>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col" className="text-right">
                Returns
              </th>
              <th scope="col" className="text-right">
                Refunded
              </th>
              <th scope="col" className="text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.reason}>
                <th scope="row" className="font-normal">
                  {reasonLabel(row.reason as ReturnReason, 'admin')}
                </th>
                <td className="text-right">{row.returns}</td>
                <td className="text-right">{row.refunded}</td>
                <td className="text-right whitespace-nowrap">{money(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm">Cores received: {figures.data.coresReceived}</p>
    </section>
  );
}
