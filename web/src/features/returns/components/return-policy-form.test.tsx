import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { ADMIN, CONFIG } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { POLICY } from '@/test/returns';
import type { ReturnPolicyRequest } from '../types';
import { ReturnPolicyForm } from './return-policy-form';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** The shop's policy: 30 days for a return, 90 for a core. */
const CORE_POLICY = { ...POLICY, coreReturnDays: 90 };

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'GET /api/return-policy': { body: CORE_POLICY },
    'PUT /api/admin/return-policy': (body) => {
      const sent = body as ReturnPolicyRequest;
      return { body: { ...sent, restockingFee: { amount: 0, ...sent.restockingFee } } };
    },
    ...routes,
  });
  return { ...renderWithProviders(<ReturnPolicyForm />, { signedInAs: ADMIN }), fetchMock };
}

beforeEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('Return policy', () => {
  it("shows the shop's policy and saves a new one", async () => {
    const { user, fetchMock } = setup();
    expect(await screen.findByLabelText('Return window (days)')).toHaveValue('30');
    expect(screen.getByText(/^Now: Returns accepted within 30 days/)).toBeInTheDocument();
    expect(screen.getByLabelText('Restocking fee')).toHaveValue('percent');
    expect(screen.getByLabelText('Fee (%)')).toHaveValue('15');

    await user.clear(screen.getByLabelText('Return window (days)'));
    await user.type(screen.getByLabelText('Return window (days)'), '14');
    await user.selectOptions(screen.getByLabelText('Restocking fee'), 'Fixed amount');
    await user.clear(screen.getByLabelText('Fee amount'));
    await user.type(screen.getByLabelText('Fee amount'), '4.50');
    await user.click(screen.getByRole('button', { name: 'Save return policy' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The return policy is saved.'));
    expect(sentBody(fetchMock, 'PUT', '/api/admin/return-policy')).toEqual({ returnDays: 14, coreReturnDays: 90, restockingFee: { kind: 'fixed', amount: 4.5 } });
    expect(await screen.findByText('Now: Returns accepted within 14 days of delivery or collection; restocking fee $4.50 unless the part was faulty, damaged or wrong.')).toBeInTheDocument();
  });

  it('sends no fee amount when there is no fee', async () => {
    const { user, fetchMock } = setup();
    await user.selectOptions(await screen.findByLabelText('Restocking fee'), 'No fee');
    expect(screen.queryByLabelText('Fee (%)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save return policy' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'PUT', '/api/admin/return-policy')).toEqual({ returnDays: 30, coreReturnDays: 90, restockingFee: { kind: 'none' } });
  });

  it('shows and saves the core return window', async () => {
    const { user, fetchMock } = setup();
    expect(await screen.findByLabelText('Core return window (days)')).toHaveValue('90');
    expect(screen.getByText('Old parts (cores) come back for their deposit within 90 days of delivery or collection.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Core return window (days)'));
    await user.type(screen.getByLabelText('Core return window (days)'), '800');
    await user.click(screen.getByRole('button', { name: 'Save return policy' }));
    expect(await screen.findByText('Core return window must be a whole number of days from 1 to 730')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(screen.getByLabelText('Core return window (days)'));
    await user.type(screen.getByLabelText('Core return window (days)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save return policy' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The return policy is saved.'));
    expect(sentBody(fetchMock, 'PUT', '/api/admin/return-policy')).toEqual({ returnDays: 30, coreReturnDays: 120, restockingFee: { kind: 'percent', amount: 15 } });
    expect(await screen.findByText('Old parts (cores) come back for their deposit within 120 days of delivery or collection.')).toBeInTheDocument();
  });

  it('checks the window and the fee before saving', async () => {
    const { user, fetchMock } = setup();
    await user.clear(await screen.findByLabelText('Return window (days)'));
    await user.type(screen.getByLabelText('Return window (days)'), '400');
    await user.clear(screen.getByLabelText('Fee (%)'));
    await user.type(screen.getByLabelText('Fee (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save return policy' }));
    expect(await screen.findByText('Return window must be a whole number of days from 1 to 365')).toBeInTheDocument();
    expect(screen.getByText('The fee must be a percentage from 0 to 100, with at most two decimals')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("shows the shop's field messages under their inputs", async () => {
    const { user } = setup({
      'PUT /api/admin/return-policy': {
        status: 400,
        body: {
          error: 'The return policy is not valid',
          fields: { returnDays: 'At most 365 days', coreReturnDays: 'At most 730 days', 'restockingFee.amount': 'At most two decimals' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save return policy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The return policy is not valid');
    expect(screen.getByLabelText('Return window (days)')).toHaveAccessibleDescription('At most 365 days');
    expect(screen.getByLabelText('Core return window (days)')).toHaveAccessibleDescription('At most 730 days');
    expect(screen.getByLabelText('Fee (%)')).toHaveAccessibleDescription('At most two decimals');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
