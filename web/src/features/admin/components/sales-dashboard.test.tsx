import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@/api/types';
import { mockApi, renderWithProviders } from '@/test/render';
import { type RestockModalType, SalesDashboard } from './sales-dashboard';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const admin = { email: 'admin@example.com', name: 'Admin', role: 'admin' as const, emailVerified: true };
const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

function days(): Dashboard['days'] {
  return Array.from({ length: 30 }, (_, index) => ({
    date: `2026-01-${String(index + 1).padStart(2, '0')}`,
    orders: index === 29 ? 3 : index === 10 ? 1 : 0,
    revenue: index === 29 ? 120.5 : 0,
  }));
}

const DASHBOARD: Dashboard = {
  days: days(),
  orders: { paid: 2, unpaid: 5, shipped: 7 },
  topByUnits: [{ partId: 'p1', sku: 'BRK-1', name: 'Brake pads', units: 9, revenue: 90 }],
  topByRevenue: [{ partId: 'p2', sku: 'ALT-2', name: 'Alternator', units: 1, revenue: 250 }],
  lowStock: [{ _id: 'p3', sku: 'FLT-3', name: 'Oil filter', availableQuantity: 1, reorderLevel: 5 }],
  lowStockCount: 4,
  refunds: { count: 1, amount: 30.25 },
};

const NoModal: RestockModalType = () => null;

function setup(routes: Parameters<typeof mockApi>[0] = {}, RestockModal: RestockModalType = NoModal) {
  const fetchMock = mockApi({ 'GET /api/config': { body: config }, 'GET /api/admin/dashboard': { body: DASHBOARD }, ...routes });
  const view = renderWithProviders(<SalesDashboard RestockModal={RestockModal} />, { signedInAs: admin });
  return { ...view, fetchMock };
}

/** A chart's figures, from its table: "day figure" a row. */
async function figures(user: ReturnType<typeof setup>['user'], title: string): Promise<string[]> {
  const figure = screen.getByRole('figure', { name: title });
  await user.click(within(figure).getByText('Show the figures'));
  const table = within(figure).getByRole('table', { name: title });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent).join(' '));
}

describe('SalesDashboard', () => {
  it('shows the order counts, the 30 days as charts with their figures, the top parts and the refunds', async () => {
    const { user } = setup();
    const counts = await screen.findByRole('heading', { name: 'Orders now' });
    const section = within(counts.closest('section')!);
    expect(section.getByText('Paid, to ship').nextSibling).toHaveTextContent('2');
    expect(section.getByText('Unpaid').nextSibling).toHaveTextContent('5');
    expect(section.getByText('Shipped').nextSibling).toHaveTextContent('7');
    expect(section.getByText('Refunds in 30 days (1)').nextSibling).toHaveTextContent('$30.25');

    expect(screen.getByRole('heading', { name: /The last 30 days: 4 orders, \$120\.50 paid/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Orders a day, 30 days from 2026-01-01 to 2026-01-30: 4 in total, the most 3 on 2026-01-30' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Revenue a day, 30 days from 2026-01-01 to 2026-01-30: $120.50 in total, the most $120.50 on 2026-01-30' }),
    ).toBeInTheDocument();
    const orders = await figures(user, 'Orders a day');
    expect(orders).toHaveLength(30);
    expect(orders).toContain('2026-01-30 3');
    expect(orders).toContain('2026-01-11 1');
    expect(orders).toContain('2026-01-01 0');
    const revenue = await figures(user, 'Revenue a day');
    expect(revenue).toContain('2026-01-30 $120.50');
    expect(revenue).toContain('2026-01-29 $0.00');

    const byUnits = screen.getByRole('table', { name: 'Top parts by units' });
    expect(within(byUnits).getByRole('row', { name: /Brake pads BRK-1 9 \$90\.00/ })).toBeInTheDocument();
    const byRevenue = screen.getByRole('table', { name: 'Top parts by revenue' });
    expect(within(byRevenue).getByRole('row', { name: /Alternator ALT-2 1 \$250\.00/ })).toBeInTheDocument();
  });

  it('lists the low-stock parts, each with a Restock button that opens the restock modal for it', async () => {
    const opened: string[] = [];
    const Restock: RestockModalType = ({ part }) => {
      if (part) opened.push(`${part._id} ${part.availableQuantity}/${part.reorderLevel} ${String(part.lowStock)}`);
      return null;
    };
    const { user } = setup({}, Restock);
    expect(await screen.findByRole('heading', { name: 'Low stock (4)' })).toBeInTheDocument();
    expect(screen.getByText('The 1 lowest of 4 are shown.')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Oil filter FLT-3 1 5/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restock Oil filter' }));
    expect(opened).toContain('p3 1/5 true');
  });

  it('shows the error with a retry when the dashboard cannot load', async () => {
    setup({ 'GET /api/admin/dashboard': { status: 500, body: { error: 'The database is down' } } });
    expect(await screen.findByText('The database is down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
