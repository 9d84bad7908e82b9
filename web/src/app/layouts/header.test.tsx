import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveVehicle } from '@/lib/vehicle';
import { mockApi, renderWithProviders } from '@/test/render';
import { Header } from './header';

function setup() {
  mockApi({ 'GET /api/config': { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } } });
  return renderWithProviders(<Header />);
}

describe('header', () => {
  it('links to the parts catalogue', () => {
    setup();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Parts' })).toHaveAttribute('href', '/parts');
  });

  it('shows no vehicle until one is chosen', () => {
    setup();
    expect(screen.queryByText('Your vehicle:')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear vehicle' })).not.toBeInTheDocument();
  });

  it('shows the chosen vehicle, linking to the parts that fit it', () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015 });
    setup();
    const link = within(screen.getByRole('banner')).getByRole('link', { name: '2015 Toyota Corolla' });
    expect(link).toHaveAttribute('href', '/parts?make=Toyota&model=Corolla&year=2015');
  });

  it('clears the vehicle from the browser', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015 });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Clear vehicle' }));
    expect(screen.queryByRole('link', { name: '2015 Toyota Corolla' })).not.toBeInTheDocument();
    expect(localStorage.getItem('vehicle')).toBeNull();
  });

  it('follows a vehicle chosen after it rendered', () => {
    setup();
    act(() => saveVehicle({ make: 'Honda', model: 'Civic', year: 2018 }));
    expect(screen.getByRole('link', { name: '2018 Honda Civic' })).toBeInTheDocument();
  });
});
