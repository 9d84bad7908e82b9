import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '@/lib/token';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import GoogleSignInRoute from './google-sign-in';
import LoginRoute from './login';

const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: true };
const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user', emailVerified: true };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/login/google" element={<GoogleSignInRoute />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { url },
  );
}

describe('Google sign-in, back from the server', () => {
  it('collects the token once with the one-time code and opens the page the sign-in started from', async () => {
    const fetchMock = mockApi({
      'GET /api/config': { body: config },
      'POST /api/auth/google/exchange': { body: { token: 'g-token', user: ann, redirect: '/dashboard/order' } },
    });
    renderAt('/login/google?code=one-time');
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard/order');
    expect(sentBody(fetchMock, 'POST', '/api/auth/google/exchange')).toEqual({ code: 'one-time' });
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('exchange'))).toHaveLength(1);
    expect(getToken()).toBe('g-token');
  });

  it('never leaves the shop, whatever path the answer names', async () => {
    mockApi({
      'GET /api/config': { body: config },
      'POST /api/auth/google/exchange': { body: { token: 'g-token', user: ann, redirect: '//evil.example' } },
    });
    renderAt('/login/google?code=one-time');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('goes back to login with a reason when the code is refused or missing', async () => {
    mockApi({
      'GET /api/config': { body: config },
      'POST /api/auth/google/exchange': { status: 401, body: { error: 'This Google sign-in has expired or was already used.' } },
    });
    renderAt('/login/google?code=used');
    expect(await screen.findByTestId('where')).toHaveTextContent('/login?google_error=state');
    expect(getToken()).toBeNull();
  });
});

describe('login page and Google sign-in', () => {
  it('explains a refused Google sign-in and offers Google again', async () => {
    mockApi({ 'GET /api/config': { body: config } });
    renderWithProviders(<LoginRoute />, { url: '/login?google_error=unverified', path: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Google has not verified the e-mail address');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/auth/google/start?redirect=%2F');
  });

  it('shows no Google button when the shop has no Google sign-in', async () => {
    const fetchMock = mockApi({ 'GET /api/config': { body: { ...config, googleSignIn: false } } });
    renderWithProviders(<LoginRoute />, { url: '/login', path: '/login' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
