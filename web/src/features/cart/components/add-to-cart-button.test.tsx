import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { ANN, CONFIG, makeCart, makeCartLine } from '@/test/cart';
import { makePart } from '@/test/parts';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { AddToCartButton } from './add-to-cart-button';
import { CartButton } from './cart-button';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const belt = makePart({ _id: '5', name: 'Serpentine Belt', price: 20, minimumOrder: 5, availableQuantity: 7 });

describe('Add to cart', () => {
  it("puts a visitor's part in the browser cart, its minimum order at first, and the header counts it", async () => {
    const fetchMock = mockApi({ 'GET /api/config': { body: CONFIG } });
    const { user, queryClient } = renderWithProviders(
      <>
        <CartButton />
        <AddToCartButton part={belt} namePart />
      </>,
    );
    queryClient.setQueryData(authKeys.me(), null);
    await user.click(screen.getByRole('button', { name: 'Add to cart: Serpentine Belt' }));
    expect(notify.success).toHaveBeenCalledWith('5 × Serpentine Belt added to your cart');
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ partId: '5', quantity: 5, seenPrice: 20 }]);
    expect(screen.getByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();

    // Five more would be above the stock of 7: the shop's own words, and nothing changes.
    await user.click(screen.getByRole('button', { name: 'Add to cart: Serpentine Belt' }));
    expect(notify.error).toHaveBeenCalledWith('Only 7 in stock');
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ partId: '5', quantity: 5, seenPrice: 20 }]);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/cart'))).toBe(false);
  });

  it("adds to a signed-in buyer's cart on the server, the quantity chosen", async () => {
    const fetchMock = mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/cart': { body: makeCart([]) },
      'POST /api/cart/lines': { body: makeCart([makeCartLine({ partId: '5', partName: 'Serpentine Belt', quantity: 6 })]) },
    });
    const { user } = renderWithProviders(
      <>
        <CartButton />
        <AddToCartButton part={belt} quantity={6} />
      </>,
      { signedInAs: ANN },
    );
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('6 × Serpentine Belt added to your cart'));
    expect(sentBody(fetchMock, 'POST', '/api/cart/lines')).toEqual({ partId: '5', quantity: 6 });
    expect(await screen.findByRole('link', { name: 'Cart, 6 items' })).toBeInTheDocument();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('is disabled for a part that cannot meet its minimum order', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<AddToCartButton part={{ ...belt, availableQuantity: 3 }} namePart />);
    expect(screen.getByRole('button', { name: 'Add to cart: Serpentine Belt' })).toBeDisabled();
  });
});
