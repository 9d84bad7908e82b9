import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { getToken } from '@/lib/token';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const };

function setup() {
  const view = renderWithProviders(<ChangePasswordForm />, { signedInAs: ann });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Change Password' }));
  const fill = async (current: string, next: string, repeat = next) => {
    await view.user.type(screen.getByLabelText('Current password'), current);
    await view.user.type(screen.getByLabelText('New password'), next);
    await view.user.type(screen.getByLabelText('Repeat new password'), repeat);
  };
  return { ...view, submit, fill };
}

describe('ChangePasswordForm', () => {
  it('names each missing password and sends nothing', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Current password is Required')).toBeInTheDocument();
    expect(screen.getByText('New password is Required')).toBeInTheDocument();
    expect(screen.getByText('Repeat the new password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a new password of 6 characters, typed the same twice', async () => {
    const fetchMock = mockApi({});
    const { user, submit, fill } = setup();
    await fill('old-secret', 'abc');
    await submit();
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Repeat new password'), 'new-secrets');
    await submit();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, keeps the token the shop answers and empties the form', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/change-password': { body: { token: 'next-token' } } });
    const { submit, fill } = setup();
    expect(getToken()).toBe('test-token');
    await fill('old-secret', 'new-secret');
    await submit();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Your password is changed. Every other device is signed out.'));
    expect(sentBody(fetchMock, 'POST', '/api/auth/change-password')).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/change-password'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer test-token');
    expect(getToken()).toBe('next-token');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("shows a wrong current password under its input, in the shop's words", async () => {
    mockApi({
      'POST /api/auth/change-password': {
        status: 400,
        body: { error: 'The current password is not right', fields: { currentPassword: 'The current password is not right' } },
      },
    });
    const { submit, fill } = setup();
    await fill('wrong-one', 'new-secret');
    await submit();
    expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getToken()).toBe('test-token');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("shows any other refusal under the form", async () => {
    mockApi({ 'POST /api/auth/change-password': { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } } });
    const { submit, fill } = setup();
    await fill('old-secret', 'new-secret');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
  });
});
