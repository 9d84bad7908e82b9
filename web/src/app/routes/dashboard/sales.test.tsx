import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@/api/types';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import SalesRoute from './sales';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const admin = { email: 'admin@example.com', name: 'Admin', role: 'admin' as const, emailVerified: true };
const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

const DASHBOARD: Dashboard = {
  days: [{ date: '2026-01-31', orders: 0, revenue: 0 }],
  orders: { paid: 0, unpaid: 0, shipped: 0 },
  topByUnits: [],
  topByRevenue: [],
  lowStock: [{ _id: 'p3', sku: 'FLT-3', name: 'Oil filter', availableQuantity: 1, reorderLevel: 5 }],
  lowStockCount: 4,
  refunds: { count: 0, amount: 0 },
};

describe('Sales page', () => {
  it('restocks a low-stock part with the parts restock modal, then refreshes the dashboard', async () => {
    let restocked = false;
    const fetchMock = mockApi({
      'GET /api/config': { body: config },
      'GET /api/admin/dashboard': () => ({ body: restocked ? { ...DASHBOARD, lowStock: [], lowStockCount: 3 } : DASHBOARD }),
      'POST /api/part/p3/restock': () => {
        restocked = true;
        return { body: { _id: 'p3', name: 'Oil filter', availableQuantity: 11 } };
      },
    });
    const { user } = renderWithProviders(<SalesRoute />, { signedInAs: admin });
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    expect(await screen.findAllByText('No sales in the last 30 days.')).toHaveLength(2);
    await user.click(await screen.findByRole('button', { name: 'Restock Oil filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restock Oil filter' });
    expect(within(dialog).getByText(/1 in stock now, at or below its reorder level \(5\)/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Quantity to add'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    await waitFor(() => expect(sentBody(fetchMock, 'POST', '/api/part/p3/restock')).toEqual({ quantity: 10 }));
    expect(await screen.findByRole('heading', { name: 'Low stock (3)' })).toBeInTheDocument();
    expect(screen.getByText('Every part is above its reorder level.')).toBeInTheDocument();
  });
});
