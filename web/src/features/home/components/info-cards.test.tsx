import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHIPPING_INFO } from '@/test/cart';
import { InfoCards } from './info-cards';

const counter = { ...SHIPPING_INFO.counter, hours: 'Mon–Fri 7:30–18:00, Sat 8:00–13:00', phone: '+1 614 555 0148' };

const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('article')!);

describe('the home page info cards', () => {
  it('name the trade counter the admin set: its hours, its place and its phone', () => {
    render(<InfoCards counter={counter} />);
    expect(card('Opening Hours').getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Mon–Fri 7:30–18:00', 'Sat 8:00–13:00']);
    expect(card('Our Locations').getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      counter.name,
      '14 Foundry Lane',
      'Riverside, CA 92501',
    ]);
    expect(card('Contact Us').getByText('+1 614 555 0148')).toBeInTheDocument();
  });

  it('keep their places while the counter is asked for, and name no place meanwhile', () => {
    render(<InfoCards counter={undefined} />);
    for (const title of ['Opening Hours', 'Our Locations', 'Contact Us']) {
      expect(card(title).getByRole('list')).toHaveAttribute('aria-busy', 'true');
      expect(card(title).queryAllByRole('listitem')).toHaveLength(0);
    }
  });

  it('say "Address on request" for a counter without an address', () => {
    render(<InfoCards counter={{ ...counter, line1: '', line2: '', city: '', region: '', postcode: '' }} />);
    expect(card('Our Locations').getByText('Address on request')).toBeInTheDocument();
  });
});
