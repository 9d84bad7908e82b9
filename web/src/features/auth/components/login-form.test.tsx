import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '@/lib/token';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { LoginForm } from './login-form';

function setup() {
  const onSuccess = vi.fn();
  const view = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Login' }));
  return { ...view, onSuccess, submit };
}

describe('LoginForm', () => {
  it('asks for the e-mail and the password when both are empty', async () => {
    const fetchMock = mockApi({});
    const { submit, onSuccess } = setup();
    await submit();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is Required')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail with "Provide a valid Email"', async () => {
    mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await submit();
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('needs a password of at least 6 characters', async () => {
    mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await submit();
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();
  });

  it('accepts ordinary addresses with dots, plus signs and long domains', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/login': { body: { token: 't0ken', user: { email: 'ann.lee+parts@garage.example.co', name: 'Ann', role: 'user', emailVerified: false } } },
    });
    const { user, submit, onSuccess } = setup();
    await user.type(screen.getByLabelText('Email'), ' Ann.Lee+parts@garage.example.co ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await submit();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST', '/api/auth/login')).toEqual({ email: 'Ann.Lee+parts@garage.example.co', password: 'secret1' });
    expect(getToken()).toBe('t0ken');
  });

  it("shows the server's refusal in red", async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: { error: 'Invalid email or password' } } });
    const { user, submit, onSuccess } = setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('links to the forgotten-password page', () => {
    mockApi({});
    setup();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
