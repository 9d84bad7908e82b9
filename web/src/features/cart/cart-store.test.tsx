import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authKeys } from '@/lib/auth';
import { ANN, CONFIG, makeCart, makeCartLine } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { fetchServerCart } from './api/get-cart';
import {
  addToBrowserCart,
  forgetMergedLines,
  getBrowserCart,
  MAX_CART_LINES,
  parseBrowserCart,
  withAdded,
  type CartPart,
} from './browser-cart';
import { CartButton } from './components/cart-button';

const pads: CartPart = { _id: '5', price: 12.5, minimumOrder: 2, availableQuantity: 7 };
const disc: CartPart = { _id: '6', price: 40, minimumOrder: 1, availableQuantity: 3 };

function storeLines(lines: unknown) {
  localStorage.setItem('cart', JSON.stringify(lines));
}

/** The calls that went out, as "METHOD /path". */
function calls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://shop.test').pathname}`);
}

describe('the browser cart', () => {
  it('reads only well-formed lines, one per part, and at most a cart’s worth', () => {
    expect(parseBrowserCart(null)).toEqual([]);
    expect(parseBrowserCart('not json')).toEqual([]);
    expect(parseBrowserCart('{"partId":"5"}')).toEqual([]);
    expect(
      parseBrowserCart(
        JSON.stringify([
          { partId: '5', quantity: 2, seenPrice: 12.5 },
          { partId: '5', quantity: 9 },
          { partId: '6', quantity: 0 },
          { partId: '7', quantity: 1.5 },
          { partId: '', quantity: 1 },
          { partId: '8', quantity: 3, seenPrice: 'cheap' },
          null,
        ]),
      ),
    ).toEqual([
      { partId: '5', quantity: 2, seenPrice: 12.5 },
      { partId: '8', quantity: 3 },
    ]);
    const many = Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => ({ partId: String(i + 1), quantity: 1 }));
    expect(parseBrowserCart(JSON.stringify(many))).toHaveLength(MAX_CART_LINES);
  });

  it('adds a part as a new line at the end, and more of it to its own line, with the price seen now', () => {
    let lines = withAdded([], pads, 2);
    lines = withAdded(lines, disc, 1);
    lines = withAdded(lines, { ...pads, price: 13 }, 3);
    expect(lines).toEqual([
      { partId: '5', quantity: 5, seenPrice: 13 },
      { partId: '6', quantity: 1, seenPrice: 40 },
    ]);
  });

  it('refuses, in the shop’s words, a line above the stock, below the minimum order, or one line too many', () => {
    expect(() => withAdded([{ partId: '5', quantity: 6 }], pads, 2)).toThrow('Only 7 in stock');
    expect(() => withAdded([], pads, 1)).toThrow('The minimum order for this part is 2');
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({ partId: `p${i}`, quantity: 1 }));
    expect(() => withAdded(full, disc, 1)).toThrow(`A cart holds at most ${MAX_CART_LINES} lines`);
    // More of a part already in a full cart is fine.
    expect(withAdded([...full.slice(1), { partId: '6', quantity: 1 }], disc, 1)).toHaveLength(MAX_CART_LINES);
  });

  it('keeps what it holds in localStorage, where another page finds it', () => {
    addToBrowserCart(pads, 2);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([{ partId: '5', quantity: 2, seenPrice: 12.5 }]);
    expect(getBrowserCart()).toEqual([{ partId: '5', quantity: 2, seenPrice: 12.5 }]);
  });

  it('forgets merged lines, but keeps a line changed since the merge began', () => {
    storeLines([
      { partId: '5', quantity: 4 },
      { partId: '6', quantity: 1 },
    ]);
    const merged = getBrowserCart();
    storeLines([
      { partId: '5', quantity: 4 },
      { partId: '6', quantity: 2 },
    ]);
    forgetMergedLines(merged);
    expect(getBrowserCart()).toEqual([{ partId: '6', quantity: 2 }]);
  });
});

describe('the signed-in cart merges the browser cart', () => {
  const serverCart = makeCart([makeCartLine({ partId: '5', quantity: 4 }), makeCartLine({ partId: '9', partName: 'Oil Filter', quantity: 1 })]);

  it('without browser lines: asks for the account’s cart alone', async () => {
    const fetchMock = mockApi({ 'GET /api/cart': { body: serverCart } });
    await expect(fetchServerCart()).resolves.toEqual(serverCart);
    expect(calls(fetchMock)).toEqual(['GET /api/cart']);
  });

  it('with browser lines: sends them to be merged, answers the merged cart and empties the browser cart', async () => {
    storeLines([
      { partId: '5', quantity: 4, seenPrice: 12.5 },
      { partId: '9', quantity: 1 },
    ]);
    const fetchMock = mockApi({ 'POST /api/cart/merge': { body: serverCart } });
    await expect(fetchServerCart()).resolves.toEqual(serverCart);
    expect(sentBody(fetchMock, 'POST', '/api/cart/merge')).toEqual({
      lines: [
        { partId: '5', quantity: 4, seenPrice: 12.5 },
        { partId: '9', quantity: 1 },
      ],
    });
    expect(calls(fetchMock)).toEqual(['POST /api/cart/merge']);
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('keeps the browser lines when the merge does not go through, to merge them next time', async () => {
    storeLines([{ partId: '5', quantity: 4 }]);
    mockApi({ 'POST /api/cart/merge': { status: 503, body: { error: 'The database is busy' } } });
    await expect(fetchServerCart()).rejects.toThrow('The database is busy');
    expect(getBrowserCart()).toEqual([{ partId: '5', quantity: 4 }]);
  });

  it('drops lines the shop refuses to merge, rather than sending them again and again', async () => {
    storeLines([{ partId: '5', quantity: 4 }]);
    const fetchMock = mockApi({
      'POST /api/cart/merge': { status: 400, body: { error: 'Lines is Required', fields: { lines: 'Lines is Required' } } },
      'GET /api/cart': { body: serverCart },
    });
    await expect(fetchServerCart()).resolves.toEqual(serverCart);
    expect(calls(fetchMock)).toEqual(['POST /api/cart/merge', 'GET /api/cart']);
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('the header counts a visitor’s units without asking the shop, then the account’s once signed in', async () => {
    storeLines([
      { partId: '5', quantity: 2 },
      { partId: '9', quantity: 1 },
    ]);
    const fetchMock = mockApi({ 'GET /api/config': { body: CONFIG }, 'POST /api/cart/merge': { body: serverCart } });
    const { queryClient } = renderWithProviders(<CartButton />);
    queryClient.setQueryData(authKeys.me(), null);
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toHaveAttribute('href', '/cart');
    expect(calls(fetchMock).filter((call) => call.includes('/cart'))).toEqual([]);

    // Signing in (however it happens) sets the user: the browser cart joins the account's.
    localStorage.setItem('accessToken', 'token');
    act(() => queryClient.setQueryData(authKeys.me(), ANN));
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/cart/merge')).toEqual({
      lines: [
        { partId: '5', quantity: 2 },
        { partId: '9', quantity: 1 },
      ],
    });
    expect(localStorage.getItem('cart')).toBeNull();
  });
});
