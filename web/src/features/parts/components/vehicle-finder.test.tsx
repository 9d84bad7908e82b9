import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { VehicleFinder } from './vehicle-finder';

const vehicles = { body: [{ make: 'Toyota', models: [{ model: 'Corolla', yearFrom: 2009, yearTo: 2019 }] }] };

afterEach(() => sessionStorage.clear());

describe('vehicle finder', () => {
  it('starts at the saved vehicle and shows its parts', async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Toyota', model: 'Corolla', year: 2015 }));
    mockApi({ 'GET /api/vehicle': vehicles });
    renderWithProviders(<VehicleFinder />);
    expect(await screen.findByRole('option', { name: 'Corolla' })).toBeInTheDocument();
    expect(screen.getByLabelText('Make')).toHaveValue('Toyota');
    expect(screen.getByRole('link', { name: 'Show parts for this vehicle' })).toHaveAttribute('href', '/parts?make=Toyota&model=Corolla&year=2015');
  });

  it('opens the catalogue for what is chosen, and for every part when nothing is', async () => {
    mockApi({ 'GET /api/vehicle': vehicles });
    const { user } = renderWithProviders(<VehicleFinder />);
    expect(await screen.findByRole('link', { name: 'Show all parts' })).toHaveAttribute('href', '/parts');
    await screen.findByRole('option', { name: 'Toyota' });
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    expect(screen.getByRole('link', { name: 'Show parts for this vehicle' })).toHaveAttribute('href', '/parts?make=Toyota');
    await user.selectOptions(screen.getByLabelText('Model'), 'Corolla');
    await user.selectOptions(screen.getByLabelText('Year'), '2012');
    expect(screen.getByRole('link', { name: 'Show parts for this vehicle' })).toHaveAttribute('href', '/parts?make=Toyota&model=Corolla&year=2012');
    // A whole vehicle chosen here is remembered, as in the catalogue.
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2012 });
  });

  it('turns the saved vehicle off for the session when the buyer asks for every part', async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Toyota', model: 'Corolla', year: 2015 }));
    mockApi({ 'GET /api/vehicle': vehicles });
    const { user } = renderWithProviders(<VehicleFinder />);
    await screen.findByRole('option', { name: 'Corolla' });
    await user.selectOptions(screen.getByLabelText('Make'), 'Any make');
    await user.click(screen.getByRole('link', { name: 'Show all parts' }));
    expect(sessionStorage.getItem('catalogue-vehicle')).toBe('all');
  });
});
