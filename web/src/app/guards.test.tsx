import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authKeys, type User } from '@/lib/auth';
import { getToken } from '@/lib/token';
import { mockApi } from '@/test/render';
import { RequireAdmin, RequireAuth, RequireBuyer } from './guards';
import { returnPath } from './return-path';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function LoginStub() {
  const location = useLocation();
  return <p>Login page, back to {returnPath(location.state)}</p>;
}

function renderAt(url: string, signedInAs: User | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (signedInAs) localStorage.setItem('accessToken', 'test-token');
  queryClient.setQueryData(authKeys.me(), signedInAs);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginStub />} />
          <Route path="/dashboard" element={<p>Dashboard start</p>} />
          <Route element={<RequireAuth />}>
            <Route path="/purchase/:id" element={<p>Purchase page</p>} />
            <Route element={<RequireAdmin />}>
              <Route path="/dashboard/users" element={<p>All Users page</p>} />
            </Route>
            <Route element={<RequireBuyer />}>
              <Route path="/dashboard/review" element={<p>Add A Review page</p>} />
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const ann: User = { email: 'ann@example.com', name: 'Ann', role: 'user', emailVerified: true };

describe('route guards', () => {
  it('sends a signed-out visitor to /login, remembering the page', async () => {
    mockApi({});
    renderAt('/purchase/7?from=home', null);
    expect(await screen.findByText('Login page, back to /purchase/7?from=home')).toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    mockApi({});
    renderAt('/purchase/7', ann);
    expect(await screen.findByText('Purchase page')).toBeInTheDocument();
  });

  it('signs a non-admin out of an admin page and sends them to /login', async () => {
    mockApi({ 'GET /api/admin/ann@example.com': { body: { admin: false } } });
    renderAt('/dashboard/users', ann);
    expect(await screen.findByText('Login page, back to /dashboard/users')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('opens admin pages for an admin', async () => {
    mockApi({ 'GET /api/admin/ann@example.com': { body: { admin: true } } });
    renderAt('/dashboard/users', ann);
    expect(await screen.findByText('All Users page')).toBeInTheDocument();
  });

  it('sends an admin from the buyer-only pages to the dashboard start', async () => {
    mockApi({ 'GET /api/admin/ann@example.com': { body: { admin: true } } });
    renderAt('/dashboard/review', ann);
    expect(await screen.findByText('Dashboard start')).toBeInTheDocument();
  });

  it('shows a spinner while the session loads', () => {
    mockApi({});
    localStorage.setItem('accessToken', 'test-token');
    const queryClient = new QueryClient();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/x']}>
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="/x" element={<p>X</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});

describe('returnPath', () => {
  it('goes home without an origin, or when the origin is login or signup itself', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/signup', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/dashboard/order', search: '?a=1', hash: '#x' } })).toBe('/dashboard/order?a=1#x');
  });
});
