import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authKeys, type User } from '@/lib/auth';
import { mockApi } from '@/test/render';
import { RootLayout } from './root-layout';

const config = { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false };

function renderSignedIn(user: User | null) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) localStorage.setItem('accessToken', 'test-token');
  queryClient.setQueryData(authKeys.me(), user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<RootLayout />}>
            <Route index element={<h1>Home page</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const };

describe('the e-mail verification reminder', () => {
  it('shows for a signed-in user whose address is not verified, until hidden', async () => {
    mockApi({ 'GET /api/config': { body: config } });
    renderSignedIn({ ...ann, emailVerified: false });
    expect(await screen.findByRole('button', { name: 'Resend the link' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('complementary', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });

  it.each([
    ['a verified address', { ...ann, emailVerified: true }],
    ['an answer without the field', ann],
    ['a visitor', null],
  ])('is left out for %s', async (_, user) => {
    mockApi({ 'GET /api/config': { body: config } });
    renderSignedIn(user);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });
});
