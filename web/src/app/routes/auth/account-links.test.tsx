import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/lib/auth';
import { getToken } from '@/lib/token';
import { makeCart, makeCartLine } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import ResetPasswordRoute from './reset-password';
import VerifyEmailRoute from './verify-email';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };
const EXPIRED = 'This link has expired or was already used. Ask for a new one.';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(url: string, signedInAs?: { email: string; name: string; role: 'user'; emailVerified?: boolean }) {
  return renderWithProviders(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailRoute />} />
      <Route path="/reset-password" element={<ResetPasswordRoute />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { url, ...(signedInAs ? { signedInAs } : {}) },
  );
}

describe('the verification link', () => {
  it('verifies once as the page opens and clears the reminder of the signed-in user', async () => {
    const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: false };
    const fetchMock = mockApi({
      'GET /api/config': { body: config },
      'POST /api/auth/verify-email': { body: { email: 'ann@example.com', emailVerified: true } },
    });
    const { queryClient } = renderAt('/verify-email?token=verify-me', ann);
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText(/is verified/)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/auth/verify-email')).toEqual({ token: 'verify-me' });
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/auth/verify-email'))).toHaveLength(1);
    expect(queryClient.getQueryData(authKeys.me())).toEqual({ ...ann, emailVerified: true });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers the way back to checkout to a buyer whose cart is waiting', async () => {
    const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: false };
    mockApi({
      'GET /api/config': { body: config },
      'GET /api/cart': { body: makeCart([makeCartLine()]) },
      'POST /api/auth/verify-email': { body: { email: 'ann@example.com', emailVerified: true } },
    });
    renderAt('/verify-email?token=verify-me', ann);
    expect(await screen.findByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it("shows an expired or used link in the shop's words", async () => {
    mockApi({
      'GET /api/config': { body: config },
      'POST /api/auth/verify-email': { status: 400, body: { error: EXPIRED, fields: { token: EXPIRED } } },
    });
    renderAt('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('sends nothing for a link without its token', async () => {
    const fetchMock = mockApi({ 'GET /api/config': { body: config } });
    renderAt('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('the password-reset link', () => {
  it('sets the new password, signs in and opens the dashboard', async () => {
    const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user', emailVerified: false };
    const fetchMock = mockApi({
      'GET /api/config': { body: config },
      'POST /api/auth/reset-password': { body: { token: 'fresh-token', user: ann } },
    });
    const { user } = renderAt('/reset-password?token=from-mail');
    await user.type(await screen.findByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Repeat new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(sentBody(fetchMock, 'POST', '/api/auth/reset-password')).toEqual({ token: 'from-mail', password: 'new-secret' });
    expect(getToken()).toBe('fresh-token');
  });

  it('offers a new link when the address has no token', async () => {
    mockApi({ 'GET /api/config': { body: config } });
    renderAt('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
