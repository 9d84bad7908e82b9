import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/lib/auth';
import { getToken } from '@/lib/token';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { ResetPasswordForm } from './reset-password-form';

const EXPIRED = 'This link has expired or was already used. Ask for a new one.';
const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user', emailVerified: true };

function setup() {
  const onSuccess = vi.fn();
  const view = renderWithProviders(<ResetPasswordForm token="reset-token" onSuccess={onSuccess} />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Set New Password' }));
  const fill = async (password: string, repeat = password) => {
    await view.user.type(screen.getByLabelText('New password'), password);
    await view.user.type(screen.getByLabelText('Repeat new password'), repeat);
  };
  return { ...view, onSuccess, submit, fill };
}

describe('ResetPasswordForm', () => {
  it('asks for the new password twice and sends nothing while either is missing', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('New password is Required')).toBeInTheDocument();
    expect(screen.getByText('Repeat the new password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs 6 characters and the same password twice', async () => {
    mockApi({});
    const { user, submit, fill } = setup();
    await fill('12345');
    await submit();
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Repeat new password'));
    await fill('secret12', 'secret13');
    await submit();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat new password')).toHaveAttribute('aria-invalid', 'true');
  });

  it("sends the link's token with the new password and signs in as login does", async () => {
    const fetchMock = mockApi({ 'POST /api/auth/reset-password': { body: { token: 'fresh-token', user: ann } } });
    const { submit, fill, onSuccess, queryClient } = setup();
    await fill('new-secret');
    await submit();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST', '/api/auth/reset-password')).toEqual({ token: 'reset-token', password: 'new-secret' });
    expect(getToken()).toBe('fresh-token');
    expect(queryClient.getQueryData(authKeys.me())).toEqual(ann);
  });

  it("shows an expired or used link in the shop's words, with the way to ask again", async () => {
    mockApi({ 'POST /api/auth/reset-password': { status: 400, body: { error: EXPIRED, fields: { token: EXPIRED } } } });
    const { submit, fill, onSuccess } = setup();
    await fill('new-secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it("puts the shop's word on the password under the new password", async () => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { error: 'Password must be at most 128 characters', fields: { password: 'Password must be at most 128 characters' } },
      },
    });
    const { submit, fill } = setup();
    await fill('new-secret');
    await submit();
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });
});
