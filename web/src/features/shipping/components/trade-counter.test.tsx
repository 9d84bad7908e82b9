import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG, SHIPPING_INFO } from '@/test/cart';
import { mockApi, renderWithProviders } from '@/test/render';
import { TradeCounter } from './trade-counter';

describe('the home page’s trade counter', () => {
  it('keeps its box while it loads, then shows the counter’s address, hours and phone', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/shipping-methods': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<TradeCounter />);
    const section = within(screen.getByRole('region', { name: 'Trade counter' }));
    expect(section.getByText('Loading the trade counter')).toBeInTheDocument();
    const box = screen.getByRole('region', { name: 'Trade counter' }).querySelector('[aria-busy]')!;
    expect(box).toHaveAttribute('aria-busy', 'true');
    expect(box.className).toContain('min-h-');

    answer({ body: SHIPPING_INFO });
    expect(await section.findByText('Riverside counter')).toBeInTheDocument();
    expect(section.getByText('14 Foundry Lane')).toBeInTheDocument();
    expect(section.getByText('Riverside, CA 92501')).toBeInTheDocument();
    expect(section.getByText('Mon–Fri 8:00–18:00')).toBeInTheDocument();
    expect(section.getByText('+1 555 014 2290')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-busy', 'false');
  });
});
