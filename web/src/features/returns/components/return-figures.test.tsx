import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, CONFIG } from '@/test/cart';
import { mockApi, renderWithProviders } from '@/test/render';
import { ReturnFiguresTable } from './return-figures';

describe('returns by reason', () => {
  it('lists every reason with its returns, refunds and amount, and the cores received', async () => {
    mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/admin/return-figures': {
        body: {
          byReason: [
            { reason: 'doesNotFit', returns: 3, refunded: 2, amount: 51.5 },
            { reason: 'faulty', returns: 1, refunded: 0, amount: 0 },
            { reason: 'core', returns: 2, refunded: 1, amount: 40 },
          ],
          coresReceived: 3,
        },
      },
    });
    renderWithProviders(<ReturnFiguresTable />, { signedInAs: ADMIN });
    expect(await screen.findByRole('heading', { name: 'Returns in 30 days by reason (6)' })).toBeInTheDocument();
    const fits = within(screen.getByRole('row', { name: /fit/ }));
    expect(fits.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '2', '$51.50']);
    expect(screen.getByRole('row', { name: /Faulty/ })).toHaveTextContent('$0.00');
    const cores = within(screen.getByRole('row', { name: /Core return/ }));
    expect(cores.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '1', '$40.00']);
    expect(screen.getByText('Cores received: 3')).toBeInTheDocument();
  });
});
