import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ANN, CONFIG, makeCart, makeCartLine, makeQuote, SHIPPING_INFO } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import LoginRoute from './auth/login';
import CartRoute from './cart';
import CheckoutRoute from './checkout';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const pads = makeCartLine({ partId: '5', partName: 'Brake Pads', unitPrice: 12.5, quantity: 2 });

describe('a visitor checking out', () => {
  it('logs in first, told why, then comes back to checkout with the browser cart merged into the account', async () => {
    localStorage.setItem('cart', JSON.stringify([{ partId: '5', quantity: 2, seenPrice: 12.5 }]));
    const merged = makeCart([pads]);
    const fetchMock = mockApi({
      'GET /api/config': { body: CONFIG },
      'POST /api/cart/quote': { body: merged },
      'POST /api/auth/login': { body: { token: 'token-1', user: ANN } },
      'POST /api/cart/merge': { body: merged },
      'GET /api/cart': { body: merged },
      'GET /api/shipping-methods': { body: SHIPPING_INFO },
      'POST /api/checkout/quote': { body: makeQuote(merged) },
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/cart" element={<CartRoute />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/checkout" element={<CheckoutRoute />} />
      </Routes>,
      { url: '/cart' },
    );

    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Log in to check out. Your cart comes with you, and you come back to checkout.');

    await user.type(screen.getByLabelText('Email'), ANN.email);
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const summary = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('2 × Brake Pads')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/cart/merge')).toEqual({ lines: [{ partId: '5', quantity: 2, seenPrice: 12.5 }] });
    await waitFor(() => expect(localStorage.getItem('cart')).toBeNull());
  });
});
