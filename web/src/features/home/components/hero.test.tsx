import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Hero } from './hero';

function Where() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

describe('home hero', () => {
  it('searches the catalogue, shows the vehicle picker it is given, and keeps Get Started', async () => {
    const { user } = renderWithProviders(
      <>
        <Hero shopName="Parts Garage" vehicle={<p>the picker</p>} />
        <Where />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '#available-parts');
    expect(screen.getByRole('region', { name: 'Parts for your vehicle' })).toHaveTextContent('the picker');
    const search = screen.getByRole('search');
    expect(search).toHaveAttribute('action', '/parts');
    await user.type(screen.getByLabelText('Search parts'), '  brake pads & discs ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('url')).toHaveTextContent('/parts?q=brake+pads+%26+discs');
  });

  it('opens the whole catalogue for an empty search', async () => {
    const { user } = renderWithProviders(
      <>
        <Hero shopName="Parts Garage" />
        <Where />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/parts$/);
  });
});
