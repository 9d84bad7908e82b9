import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../api-types';
import { authKeys } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { ANN, CONFIG, makeCart, makeCartLine } from '@/test/cart';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { CartPage } from './cart-page';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const pads = makeCartLine({ partId: '5', partName: 'Brake Pads', sku: 'BRK-0005', unitPrice: 12.5, quantity: 2, minimumOrder: 2, availableQuantity: 7 });
const disc = makeCartLine({ partId: '6', partName: 'Brake Disc', sku: 'BRK-0006', img: '/api/image/disc.png', unitPrice: 40, quantity: 1 });

/** A visitor's cart: `lines` in the browser, priced by the quote route as `answer` says. */
function visitor(lines: { partId: string; quantity: number; seenPrice?: number }[], answer: (sent: { lines: typeof lines }) => CartLine[]) {
  localStorage.setItem('cart', JSON.stringify(lines));
  const onCheckout = vi.fn();
  const fetchMock = mockApi({
    'GET /api/config': { body: CONFIG },
    'POST /api/cart/quote': (body) => ({ body: makeCart(answer(body as { lines: typeof lines })) }),
  });
  const view = renderWithProviders(<CartPage onCheckout={onCheckout} />);
  view.queryClient.setQueryData(authKeys.me(), null);
  return { ...view, fetchMock, onCheckout };
}

/** A visitor's cart priced as sent: each line of `known` at its price, its quantity as in the browser. */
const priced = (known: CartLine[]) => (sent: { lines: { partId: string; quantity: number }[] }) =>
  sent.lines.map((line) => {
    const part = known.find((k) => k.partId === line.partId)!;
    return makeCartLine({ ...part, quantity: line.quantity, lineTotal: part.unitPrice * line.quantity });
  });

function lineItem(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

describe('the cart page', () => {
  it('shows each line with its picture, name, part number, quantity, total, and the subtotal', async () => {
    visitor([{ partId: '5', quantity: 2 }, { partId: '6', quantity: 1 }], priced([pads, disc]));
    const list = await screen.findByRole('list', { name: 'Cart lines' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const padsLine = lineItem('Brake Pads');
    expect(padsLine.getByRole('link', { name: 'Brake Pads' })).toHaveAttribute('href', '/purchase/5');
    expect(padsLine.getByText('Part number: BRK-0005')).toBeInTheDocument();
    expect(padsLine.getByText('$12.50 each')).toBeInTheDocument();
    expect(padsLine.getByLabelText('Quantity of Brake Pads')).toHaveValue(2);
    // The minimum order is 2: no going below it.
    expect(padsLine.getByRole('button', { name: 'Decrease quantity of Brake Pads' })).toBeDisabled();
    expect(padsLine.getByText('$25.00')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Brake Disc' }).querySelector('img')).toHaveAttribute('src', '/api/image/disc.png');

    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$65.00');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it("a visitor's change of quantity stays in the browser and is priced again", async () => {
    const { user, fetchMock } = visitor([{ partId: '5', quantity: 2 }], priced([pads]));
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Brake Pads' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$37.50'));
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ partId: '5', quantity: 3, seenPrice: 12.5 }]);
    const quotes = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/cart/quote'));
    expect(quotes).toHaveLength(2);
    expect(JSON.parse(String(quotes[1]![1]!.body))).toEqual({ lines: [{ partId: '5', quantity: 3, seenPrice: 12.5 }] });
  });

  it("a visitor's Remove takes the line out of the browser cart", async () => {
    const { user } = visitor([{ partId: '5', quantity: 2 }, { partId: '6', quantity: 1 }], priced([pads, disc]));
    await user.click(await screen.findByRole('button', { name: 'Remove Brake Disc' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Brake Disc' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ partId: '5', quantity: 2 }]);
  });

  it("says what is wrong with each line before checkout, and holds Checkout back until it is put right", async () => {
    visitor(
      [
        { partId: '5', quantity: 9 },
        { partId: '6', quantity: 1 },
        { partId: '7', quantity: 1 },
        { partId: '8', quantity: 1 },
        { partId: '9', quantity: 1, seenPrice: 10 },
      ],
      () => [
        makeCartLine({ ...pads, quantity: 9, problem: 'notEnoughStock', message: 'Only 7 in stock' }),
        makeCartLine({ ...disc, availableQuantity: 0, problem: 'outOfStock', message: 'Out of stock' }),
        makeCartLine({ partId: '7', partName: '', sku: '', img: '', unitPrice: 0, lineTotal: 0, quantity: 1, problem: 'deleted', message: 'This part is no longer sold' }),
        makeCartLine({ partId: '8', partName: 'Wiper Blade', minimumOrder: 2, quantity: 1, problem: 'belowMinimum', message: 'The minimum order for this part is 2' }),
        makeCartLine({ partId: '9', partName: 'Oil Filter', unitPrice: 11, seenPrice: 10, quantity: 1, problem: 'priceChanged', message: 'The price changed from $10.00 to $11.00' }),
      ],
    );
    await screen.findByRole('list', { name: 'Cart lines' });
    expect(lineItem('Brake Pads').getByText('Only 7 in stock')).toBeInTheDocument();
    expect(lineItem('Brake Pads').getByRole('button', { name: 'Change to 7' })).toBeInTheDocument();
    expect(lineItem('Brake Disc').getByText('Out of stock')).toBeInTheDocument();
    // Out of stock or gone: only Remove helps.
    expect(lineItem('Brake Disc').queryByLabelText('Quantity of Brake Disc')).not.toBeInTheDocument();
    const gone = lineItem('A part no longer sold');
    expect(gone.getByText('This part is no longer sold')).toBeInTheDocument();
    expect(gone.queryByRole('link')).not.toBeInTheDocument();
    expect(gone.getByRole('button', { name: 'Remove A part no longer sold' })).toBeInTheDocument();
    expect(lineItem('Wiper Blade').getByText('The minimum order for this part is 2')).toBeInTheDocument();
    expect(lineItem('Wiper Blade').getByRole('button', { name: 'Change to 2' })).toBeInTheDocument();
    expect(lineItem('Oil Filter').getByText('The price changed from $10.00 to $11.00')).toBeInTheDocument();

    expect(screen.getByText('Change or remove the lines marked above to check out.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('sends a visitor to log in on Checkout', async () => {
    const { user, onCheckout } = visitor([{ partId: '5', quantity: 2 }], priced([pads]));
    expect(screen.queryByText(/You log in first/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledWith(false);
    expect(screen.getByText(/You log in first/)).toBeInTheDocument();
  });

  it('shows an empty cart with the way to the catalogue', async () => {
    visitor([], () => []);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse parts' })).toHaveAttribute('href', '/parts');
  });
});

describe('the signed-in buyer’s cart page', () => {
  function signedIn(routes: Parameters<typeof mockApi>[0] = {}) {
    const onCheckout = vi.fn();
    const fetchMock = mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/cart': { body: makeCart([pads, disc]) },
      ...routes,
    });
    const view = renderWithProviders(<CartPage onCheckout={onCheckout} />, { signedInAs: ANN });
    return { ...view, fetchMock, onCheckout };
  }

  it('changes a quantity and removes a line on the server, showing the cart it answers', async () => {
    const { user, fetchMock, onCheckout } = signedIn({
      'PUT /api/cart/lines/5': (body) => ({ body: makeCart([{ ...pads, quantity: (body as { quantity: number }).quantity, lineTotal: 37.5 }, disc]) }),
      'DELETE /api/cart/lines/6': { body: makeCart([{ ...pads, quantity: 3, lineTotal: 37.5 }]) },
    });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Brake Pads' }));
    expect(sentBody(fetchMock, 'PUT', '/api/cart/lines/5')).toEqual({ quantity: 3 });
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$77.50'));

    await user.click(screen.getByRole('button', { name: 'Remove Brake Disc' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Brake Disc' })).not.toBeInTheDocument());
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$37.50');
    // No browser cart for a signed-in buyer.
    expect(localStorage.getItem('cart')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledWith(true);
  });

  it('shows the core deposit under a line with one, and the deposits beside the subtotal', async () => {
    const alternator = makeCartLine({ partId: '8', partName: 'Alternator', sku: 'ALT-0008', unitPrice: 189.99, quantity: 2, coreCharge: 45 });
    const { user } = signedIn({
      'GET /api/cart': { body: makeCart([pads, alternator]) },
      'PUT /api/cart/lines/8': { body: makeCart([pads, { ...alternator, quantity: 3, lineTotal: 569.97 }]) },
    });
    const line = within(await screen.findByRole('listitem', { name: 'Alternator' }));
    expect(line.getByText('Core deposit $45.00 × 2')).toBeInTheDocument();
    // The line's own total stays the goods.
    expect(line.getByText('$379.98')).toBeInTheDocument();
    // A line without a core charge says nothing of one.
    expect(lineItem('Brake Pads').queryByText(/Core deposit/)).not.toBeInTheDocument();

    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$404.98');
    expect(screen.getByText('Core deposits').nextSibling).toHaveTextContent('$90.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$494.98');
    expect(screen.getByText('Core deposits are refunded when you return your old parts. They are not taxed.')).toBeInTheDocument();

    await user.click(line.getByRole('button', { name: 'Increase quantity of Alternator' }));
    await waitFor(() => expect(screen.getByTestId('cart-core-charges')).toHaveTextContent('$135.00'));
    expect(line.getByText('Core deposit $45.00 × 3')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$729.97');
  });

  it('shows the subtotal alone for a cart without core charges', async () => {
    signedIn();
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent('$65.00');
    expect(screen.queryByText('Core deposits')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
  });

  it("shows the shop's message when it refuses a quantity", async () => {
    const { user } = signedIn({ 'PUT /api/cart/lines/5': { status: 400, body: { error: 'Only 2 in stock', fields: { quantity: 'Only 2 in stock' } } } });
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Brake Pads' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Only 2 in stock'));
    expect(screen.getByLabelText('Quantity of Brake Pads')).toHaveValue(2);
  });
});
