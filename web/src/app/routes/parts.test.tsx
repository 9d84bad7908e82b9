import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makePart } from '@/test/parts';
import { mockApi, renderWithProviders } from '@/test/render';
import { makeVinVehicle } from '@/test/vehicles';
import PartsRoute from './parts';

function Where() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

describe('/parts with a VIN', () => {
  it('applies the decoded vehicle with its engine: the catalogue lists the parts that fit it', async () => {
    const fetchMock = mockApi({
      'GET /api/config': { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } },
      'GET /api/vehicle': { body: [{ make: 'Toyota', models: [{ model: 'Corolla', yearFrom: 2009, yearTo: 2019 }] }] },
      'GET /api/category': { body: [] },
      'GET /api/part': (_body, url) =>
        url.searchParams.get('engine') === '1.8L L4'
          ? { body: [makePart({ _id: '1', name: 'Oil Filter 1.8' })], headers: { 'X-Total-Count': '1' } }
          : { body: [makePart({ _id: '1', name: 'Oil Filter 1.8' }), makePart({ _id: '2', name: 'Oil Filter 2.0' })], headers: { 'X-Total-Count': '2' } },
      'GET /api/vin/2T1BURHE0EC123456': { body: makeVinVehicle() },
    });
    const { user } = renderWithProviders(
      <>
        <PartsRoute />
        <Where />
      </>,
      { url: '/parts?q=filter' },
    );
    expect(await screen.findByRole('heading', { name: 'Showing 1–2 of 2 parts' })).toBeInTheDocument();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.type(within(filters).getByLabelText('Or enter your VIN'), '2T1BURHE0EC123456');
    await user.click(within(filters).getByRole('button', { name: 'Look up' }));
    const found = await within(filters).findByRole('region', { name: '2014 Toyota Corolla' });
    await user.click(within(found).getByRole('button', { name: 'Use this vehicle' }));

    expect(screen.getByTestId('url')).toHaveTextContent('/parts?q=filter&make=Toyota&model=Corolla&year=2014&engine=1.8L+L4');
    expect(await screen.findByRole('heading', { name: 'Showing 1–1 of 1 part' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oil Filter 1.8' })).toBeInTheDocument();
    expect(within(filters).getByLabelText('Model')).toHaveValue('Corolla');
    expect(within(filters).getByText('Engine:')).toHaveTextContent('Engine: 1.8L L4');
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      year: 2014,
      engine: '1.8L L4',
      trim: 'L/LE',
      vin: '2T1BURHE0EC123456',
    });
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
      '/api/part?q=filter&make=Toyota&model=Corolla&year=2014&engine=1.8L+L4&sort=relevance&limit=12&offset=0',
    );
  });
});
