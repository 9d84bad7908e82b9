import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { garageKeys } from '@/features/vehicles/api/keys';
import { saveVehicle } from '@/lib/vehicle';
import { mockApi, renderWithProviders } from '@/test/render';
import { makeGarageVehicle } from '@/test/vehicles';
import { VehicleBar } from './vehicle-bar';

const ann = { email: 'ann@example.com', name: 'Ann Driver', role: 'user' as const, emailVerified: true };
const corolla = makeGarageVehicle({ _id: '1', engine: '1.8L L4', current: true });
const civic = makeGarageVehicle({ _id: '2', year: 2018, make: 'Honda', model: 'Civic', nickname: 'Weekend car' });

function Where() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

function setup(garage: ReturnType<typeof makeGarageVehicle>[], url = '/') {
  mockApi({ 'GET /api/garage': { body: garage }, 'POST /api/garage/2/current': { body: { ...civic, current: true } } });
  return renderWithProviders(
    <>
      <VehicleBar />
      <Where />
    </>,
    { url, signedInAs: ann },
  );
}

describe("a signed-in buyer's vehicle strip", () => {
  it('shows the vehicle with its engine and a switcher over My Garage', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    setup([corolla, civic]);
    expect(await screen.findByRole('button', { name: 'Switch vehicle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2015 Toyota Corolla 1.8L L4' })).toHaveAttribute(
      'href',
      '/parts?make=Toyota&model=Corolla&year=2015&engine=1.8L+L4',
    );
    expect(screen.getByRole('button', { name: 'Clear vehicle' })).toBeInTheDocument();
  });

  it('on the catalogue, switching lists the new vehicle’s parts and keeps the rest of the search', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    const { user } = setup([corolla, civic], '/parts?q=pads&make=Toyota&model=Corolla&year=2015&engine=1.8L+L4&page=2');
    await user.click(await screen.findByRole('button', { name: 'Switch vehicle' }));
    const menu = screen.getByRole('menu', { name: 'My Garage' });
    await user.click(await within(menu).findByRole('menuitemradio', { name: 'Weekend car (2018 Honda Civic)' }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/parts\?q=pads&make=Honda&model=Civic&year=2018$/);
    expect(screen.getByRole('link', { name: '2018 Honda Civic' })).toBeInTheDocument();
  });

  it('offers the garage when no vehicle is chosen in this browser', async () => {
    setup([corolla, civic]);
    expect(await screen.findByRole('button', { name: 'Choose from My Garage' })).toBeInTheDocument();
    expect(screen.getByText('none chosen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear vehicle' })).not.toBeInTheDocument();
  });

  it('is not there with no vehicle chosen and an empty garage', async () => {
    mockApi({ 'GET /api/garage': { body: [] } });
    const { queryClient } = renderWithProviders(<VehicleBar />, { signedInAs: ann });
    await vi.waitFor(() => expect(queryClient.getQueryData(garageKeys.list())).toEqual([]));
    expect(screen.queryByText('Your vehicle:')).not.toBeInTheDocument();
  });
});
