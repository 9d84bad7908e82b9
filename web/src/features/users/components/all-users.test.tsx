import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, renderWithProviders } from '@/test/render';
import { AllUsers } from './all-users';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const me = { email: 'admin@example.com', name: 'Shop Admin', role: 'admin' as const, emailVerified: true };
const ann = { email: 'ann@example.com', name: 'Ann', role: 'user' as const, emailVerified: true };
const bob = { email: 'bob@example.com', name: 'Bob', role: 'admin' as const, emailVerified: true };

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/user': { body: [me, ann, bob] }, ...routes });
  return { ...renderWithProviders(<AllUsers />, { signedInAs: me }), fetchMock };
}

const sent = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([input]) => decodeURIComponent(new URL(String(input), 'http://shop.test').pathname));

describe('All Users', () => {
  it("names each button with its user, and offers no way to remove one's own admin role", async () => {
    setup();
    expect(await screen.findByRole('button', { name: 'Make Admin ann@example.com' })).toHaveTextContent(/^Make Admin/);
    expect(screen.getByRole('button', { name: 'Remove admin bob@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /admin@example.com/ })).not.toBeInTheDocument();
  });

  it('makes an admin only after confirming, and Cancel changes nothing', async () => {
    const { user, fetchMock } = setup({ 'PUT /api/user/admin/ann@example.com': { body: { modifiedCount: 1 } } });
    await user.click(await screen.findByRole('button', { name: 'Make Admin ann@example.com' }));
    let dialog = screen.getByRole('dialog', { name: 'Make this user an admin?' });
    expect(dialog).toHaveTextContent('Ann (ann@example.com)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(fetchMock, 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Make Admin ann@example.com' }));
    dialog = screen.getByRole('dialog', { name: 'Make this user an admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Successfully made an admin'));
    expect(sent(fetchMock, 'PUT')).toEqual(['/api/user/admin/ann@example.com']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the toast of a failed Make Admin', async () => {
    const { user } = setup({ 'PUT /api/user/admin/ann@example.com': { status: 500, body: { error: 'Something went wrong' } } });
    await user.click(await screen.findByRole('button', { name: 'Make Admin ann@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make Admin' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to Make an admin'));
  });

  it('removes an admin after confirming', async () => {
    const { user, fetchMock } = setup({ 'DELETE /api/user/admin/bob@example.com': { body: { modifiedCount: 1 } } });
    await user.click(await screen.findByRole('button', { name: 'Remove admin bob@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this admin?' });
    expect(dialog).toHaveTextContent('Bob (bob@example.com) becomes a user again and is signed out everywhere.');
    expect(sent(fetchMock, 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Bob is no longer an admin'));
    expect(sent(fetchMock, 'DELETE')).toEqual(['/api/user/admin/bob@example.com']);
  });

  it("shows the shop's refusal to remove the last admin", async () => {
    const message = "This is the shop's last admin: make another user an admin first.";
    const { user } = setup({ 'DELETE /api/user/admin/bob@example.com': { status: 409, body: { error: message } } });
    await user.click(await screen.findByRole('button', { name: 'Remove admin bob@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove admin' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });
});
