import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

const NEUTRAL = 'If an account has this address, a link to reset its password is on its way.';

function setup() {
  const view = renderWithProviders(<ForgotPasswordForm />);
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return { ...view, submit };
}

describe('ForgotPasswordForm', () => {
  it('asks for the e-mail and sends nothing while it is missing', async () => {
    const fetchMock = mockApi({});
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail with "Provide a valid Email"', async () => {
    const fetchMock = mockApi({});
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Email'), 'ann@localhost');
    await submit();
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the trimmed address and shows the shop's neutral answer in the form's place", async () => {
    const fetchMock = mockApi({ 'POST /api/auth/forgot-password': { body: { message: NEUTRAL } } });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Email'), ' Ann@Example.com ');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(sentBody(fetchMock, 'POST', '/api/auth/forgot-password')).toEqual({ email: 'Ann@Example.com' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it("shows the shop's refusal when too many links were asked for", async () => {
    mockApi({
      'POST /api/auth/forgot-password': { status: 429, body: { error: 'Too many requests. Please wait a minute and try again.' } },
    });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a minute and try again.');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it("puts the shop's word on the address under its input", async () => {
    mockApi({
      'POST /api/auth/forgot-password': { status: 400, body: { error: 'Provide a valid Email', fields: { email: 'Provide a valid Email' } } },
    });
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await submit();
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
