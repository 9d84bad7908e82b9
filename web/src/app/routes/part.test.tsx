import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makePart } from '@/test/parts';
import { mockApi, renderWithProviders } from '@/test/render';
import { loginReason, returnPath } from '../return-path';
import PartRoute from './part';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const name = 'Front brake pads with a name long enough to need a second line on a phone';
const part = makePart({
  _id: '5',
  name,
  description: 'Ceramic pads, quiet and low on dust.',
  price: 34.99,
  availableQuantity: 7,
  minimumOrder: 2,
  sku: 'BP-100',
  oemNumbers: ['04465-02220'],
  replaces: ['BP-090'],
  fitments: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, axle: 'front', engine: '1.8L L4' }],
});
const ann = { email: 'ann@example.com', name: 'Ann Lee', role: 'user' as const, emailVerified: true };

/** Where the app went, with the login page's return path and reason. */
function Elsewhere() {
  const location = useLocation();
  return (
    <output data-testid="went">
      {location.pathname} | {returnPath(location.state)} | {loginReason(location.state, 'Log in')}
    </output>
  );
}

function renderAt(url: string, state?: unknown, signedIn = false) {
  mockApi({
    'GET /api/part/5': { body: part },
    'GET /api/config': { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } },
  });
  return renderWithProviders(
    <Routes>
      <Route path="/parts/:id" element={<PartRoute />} />
      <Route path="*" element={<Elsewhere />} />
    </Routes>,
    { url: { pathname: url, state }, ...(signedIn ? { signedInAs: ann } : {}) },
  );
}

describe('a part page', () => {
  it('shows a visitor the whole part: picture, name, price, stock, minimum order, numbers, fitment, description', async () => {
    renderAt('/parts/5');
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name })).toHaveAttribute('src', part.img);
    expect(screen.getByText('$34.99')).toBeInTheDocument();
    expect(screen.getByText('Available Quantity').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Minimum Order').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('BP-100')).toBeInTheDocument();
    expect(screen.getByText('04465-02220')).toBeInTheDocument();
    expect(screen.getByText('BP-090')).toBeInTheDocument();
    const fits = screen.getByText('Fits these vehicles').nextElementSibling as HTMLElement;
    expect(within(fits).getByRole('listitem')).toHaveTextContent(/Toyota Corolla \(2014.2019\)/);
    expect(within(fits).getByRole('listitem')).toHaveTextContent(/1\.8L L4/);
    expect(screen.getByText('Ceramic pads, quiet and low on dust.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await vi.waitFor(() => expect(document.title).toBe(`${name} – Parts Garage`));
  });

  it('asks a visitor to sign in only at Buy now, saying why, and comes back to the purchase', async () => {
    const { user } = renderAt('/parts/5');
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(screen.getByTestId('went')).toHaveTextContent(`/login | /purchase/5 | Log in to buy ${name}`);
  });

  it('takes a signed-in buyer straight to the purchase', async () => {
    const { user } = renderAt('/parts/5', undefined, true);
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(screen.getByTestId('went')).toHaveTextContent(/^\/purchase\/5 \|/);
  });

  it('leads back to the catalogue page the buyer came from', async () => {
    renderAt('/parts/5', { catalogue: '?make=Toyota&model=Corolla&year=2015' });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Parts' })).toHaveAttribute('href', '/parts?make=Toyota&model=Corolla&year=2015');
    expect(await within(crumbs).findByText(name)).toHaveAttribute('aria-current', 'page');
  });

  it('says a part is not found, with a way back to the catalogue', async () => {
    renderAt('/parts/404');
    expect(await screen.findByRole('heading', { name: 'Part not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute('href', '/parts');
    await vi.waitFor(() => expect(document.title).toBe('Part not found – Parts Garage'));
  });
});
