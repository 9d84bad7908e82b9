import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/lib/auth';
import { getToken } from '@/lib/token';
import { mockApi, renderWithProviders } from '@/test/render';
import { SignOutEverywhere } from './sign-out-everywhere';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const };

function setup() {
  const onSignedOut = vi.fn();
  const view = renderWithProviders(<SignOutEverywhere onSignedOut={onSignedOut} />, { signedInAs: ann });
  const open = () => view.user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
  return { ...view, onSignedOut, open };
}

function posts(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => new URL(String(input), 'http://shop.test').pathname);
}

describe('SignOutEverywhere', () => {
  it('asks first, and Back sends nothing', async () => {
    const fetchMock = mockApi({});
    const { user, open, onSignedOut } = setup();
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('this one included');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('ends every session at the shop, then forgets this one here', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/sign-out-everywhere': { body: { signedOut: true } } });
    const { user, open, onSignedOut, queryClient } = setup();
    await open();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign Out All Devices' }));
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalled());
    expect(posts(fetchMock)).toEqual(['/api/auth/sign-out-everywhere']);
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(authKeys.me())).toBeNull();
  });

  it("keeps the session and shows the shop's message when it fails", async () => {
    mockApi({ 'POST /api/auth/sign-out-everywhere': { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } } });
    const { user, open, onSignedOut } = setup();
    await open();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign Out All Devices' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(getToken()).toBe('test-token');
  });
});
