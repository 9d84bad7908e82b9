import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG, COURIER, makeCart, makeCartLine, makeQuote } from '@/test/cart';
import { mockApi, renderWithProviders } from '@/test/render';
import { OrderFigures, OrderLines } from './checkout';

/** A starter with a $30.00 core charge on each of its two units, and a belt with none. */
const starter = makeCartLine({ partId: '3', partName: 'Starter Motor', unitPrice: 149, quantity: 2, coreCharge: 30 });
const belt = makeCartLine({ partId: '4', partName: 'Serpentine Belt', unitPrice: 20, quantity: 1 });
const cart = makeCart([starter, belt]);

describe("the checkout's lines and figures with core charges", () => {
  it('shows the deposit under the line that carries one, and only there', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<OrderLines quote={makeQuote(cart)} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('2 × Starter Motor$298.00Core deposit $30.00 × 2');
    expect(second).toHaveTextContent('1 × Serpentine Belt$20.00');
    expect(second).not.toHaveTextContent('Core deposit');
  });

  it('shows the deposits while a delivery waits for its address, before the delivery price and tax are known', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<OrderFigures quote={makeQuote(cart, COURIER)} needsAddress priced={false} />);
    expect(screen.getByTestId('checkout-goods')).toHaveTextContent('$318.00');
    expect(screen.getByTestId('checkout-core-charges')).toHaveTextContent('$60.00');
    expect(screen.getByText('Choose a delivery address to see the delivery price, tax and total.')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-total')).not.toBeInTheDocument();
  });

  it('adds the deposits to the total the shop worked out', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<OrderFigures quote={makeQuote(cart, COURIER, { tax: 20.29 })} needsAddress={false} priced />);
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$9.50');
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$20.29');
    expect(screen.getByTestId('checkout-core-charges')).toHaveTextContent('$60.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$407.79');
  });

  it('has no deposits row for an order without core charges', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<OrderFigures quote={makeQuote(makeCart([belt]))} needsAddress={false} priced />);
    expect(screen.queryByText('Core deposits')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$20.00');
  });
});
