import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { SignupForm } from './signup-form';

function setup() {
  const onSuccess = vi.fn();
  const view = renderWithProviders(<SignupForm onSuccess={onSuccess} />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return { ...view, onSuccess, submit };
}

describe('SignupForm', () => {
  it('asks for name, e-mail and password when all are empty', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts a name of only spaces as missing', async () => {
    mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Name'), '   ');
    await submit();
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
  });

  it('checks the e-mail pattern and the password length', async () => {
    mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@localhost');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await submit();
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
  });

  it('creates the account and reports success', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/signup': { status: 201, body: { token: 'new-token', user: { email: 'ann@example.com', name: 'Ann Lee', role: 'user', emailVerified: false } } },
    });
    const { user, submit, onSuccess } = setup();
    await user.type(screen.getByLabelText('Name'), ' Ann Lee ');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await submit();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST', '/api/auth/signup')).toEqual({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret1' });
  });

  it('shows a taken e-mail as the server words it', async () => {
    mockApi({ 'POST /api/auth/signup': { status: 409, body: { error: 'An account with this email already exists' } } });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
  });
});
