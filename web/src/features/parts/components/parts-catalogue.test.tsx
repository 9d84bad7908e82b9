import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makePart } from '@/test/parts';
import { mockApi, renderWithProviders } from '@/test/render';
import { PartsCatalogue } from './parts-catalogue';

const config = { body: { shopName: 'Parts Garage', currency: 'usd', paymentProvider: 'test', googleSignIn: false } };
const vehicles = {
  body: [
    { make: 'Honda', models: [{ model: 'Civic', yearFrom: 2016, yearTo: 2021 }] },
    {
      make: 'Toyota',
      models: [
        { model: 'Camry', yearFrom: 2018, yearTo: 2022 },
        { model: 'Corolla', yearFrom: 2009, yearTo: 2019 },
      ],
    },
  ],
};
const categories = { body: [{ name: 'Brakes', count: 3 }, { name: 'Filters', count: 1 }] };
const twoParts = [makePart({ _id: '1', name: 'Brake Pads', sku: 'BRK-1042' }), makePart({ _id: '2', name: 'Oil Filter', sku: 'FLT-0001' })];

function Where() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

function setup(url: string, parts: { status?: number; body?: unknown; headers?: Record<string, string> } = { body: twoParts, headers: { 'X-Total-Count': '2' } }) {
  const fetchMock = mockApi({
    'GET /api/config': config,
    'GET /api/vehicle': vehicles,
    'GET /api/category': categories,
    'GET /api/part': parts,
  });
  const view = renderWithProviders(
    <>
      <PartsCatalogue />
      <Where />
    </>,
    { url },
  );
  const partCalls = () =>
    fetchMock.mock.calls.map(([input]) => String(input)).filter((input) => input.startsWith('/api/part?'));
  return { ...view, fetchMock, partCalls, url: () => screen.getByTestId('url').textContent };
}

afterEach(() => sessionStorage.clear());

/** The buyer turned the saved vehicle off in this session ("Show all parts"). */
const savedVehicleOff = () => sessionStorage.setItem('catalogue-vehicle', 'all');

describe('parts catalogue', () => {
  it('fills every filter from the URL and asks the API for that page', async () => {
    const { partCalls } = setup('/parts?q=pads&category=Brakes&make=Toyota&model=Corolla&year=2015&sort=price_asc&page=2', {
      body: twoParts,
      headers: { 'X-Total-Count': '14' },
    });
    expect(await screen.findByRole('heading', { name: 'Showing 13–14 of 14 parts' })).toBeInTheDocument();
    expect(partCalls()).toEqual(['/api/part?q=pads&category=Brakes&make=Toyota&model=Corolla&year=2015&sort=price_asc&limit=12&offset=12']);
    expect(screen.getByLabelText('Search parts')).toHaveValue('pads');
    expect(screen.getByLabelText('Category')).toHaveValue('Brakes');
    expect(screen.getByLabelText('Year')).toHaveValue('2015');
    expect(screen.getByLabelText('Make')).toHaveValue('Toyota');
    expect(screen.getByLabelText('Model')).toHaveValue('Corolla');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/parts?q=pads&category=Brakes&make=Toyota&model=Corolla&year=2015&sort=price_asc',
    );
    expect(within(pages).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('writes each change into the URL and starts again at page 1', async () => {
    const { user, url } = setup('/parts?page=3');
    await screen.findByText('Brake Pads');
    await user.type(screen.getByLabelText('Search parts'), 'oil filter');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(url()).toBe('/parts?q=oil+filter');
    await user.selectOptions(screen.getByLabelText('Category'), 'Filters');
    expect(url()).toBe('/parts?q=oil+filter&category=Filters');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    expect(url()).toBe('/parts?q=oil+filter&category=Filters&sort=price_desc');
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(url()).toBe('/parts?sort=price_desc');
  });

  it('lists categories with their counts', async () => {
    setup('/parts');
    expect(await screen.findByRole('option', { name: 'Brakes (3)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Wheels & Tyres' })).toBeInTheDocument();
  });

  it('offers only the makes and models of the chosen year, and remembers a whole vehicle', async () => {
    const { user, url } = setup('/parts');
    await screen.findByRole('option', { name: '2022' });
    expect(screen.getByLabelText('Model')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    expect(url()).toBe('/parts?year=2015');
    const makes = within(screen.getByLabelText('Make')).getAllByRole('option').map((o) => o.textContent);
    expect(makes).toEqual(['Any make', 'Toyota']);
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    const models = within(screen.getByLabelText('Model')).getAllByRole('option').map((o) => o.textContent);
    expect(models).toEqual(['Any model', 'Corolla']);
    expect(localStorage.getItem('vehicle')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Model'), 'Corolla');
    expect(url()).toBe('/parts?make=Toyota&model=Corolla&year=2015');
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2015 });
  });

  it('offers the remembered vehicle when the URL names none', async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Honda', model: 'Civic', year: 2018 }));
    savedVehicleOff();
    const { user, url } = setup('/parts?q=pads');
    await user.click(await screen.findByRole('button', { name: 'Show parts for my 2018 Honda Civic' }));
    expect(url()).toBe('/parts?q=pads&make=Honda&model=Civic&year=2018');
    expect(screen.queryByRole('button', { name: /Show parts for my/ })).not.toBeInTheDocument();
  });

  it('links each part to its purchase page', async () => {
    setup('/parts');
    expect(await screen.findByRole('link', { name: 'Purchase Brake Pads' })).toHaveAttribute('href', '/purchase/1');
    expect(screen.getByText('BRK-1042')).toBeInTheDocument();
  });

  it("links each part's name and picture to its own page", async () => {
    setup('/parts?q=pads');
    const card = (await screen.findByText('Brake Pads')).closest('article')!;
    const links = within(card).getAllByRole('link', { name: 'Brake Pads' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/parts/1');
    expect(within(card).getByRole('img', { name: 'Brake Pads' }).closest('a')).toHaveAttribute('tabindex', '-1');
  });

  it('lists the parts for the saved vehicle by default, and Show all parts turns that off for the session', async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Toyota', model: 'Corolla', year: 2015 }));
    const { user, url, partCalls } = setup('/parts?q=pads');
    expect(await screen.findByText(/Showing parts for your/)).toHaveTextContent('Showing parts for your 2015 Toyota Corolla');
    expect(url()).toBe('/parts?q=pads&make=Toyota&model=Corolla&year=2015');
    expect(partCalls().at(-1)).toBe('/api/part?q=pads&make=Toyota&model=Corolla&year=2015&sort=relevance&limit=12&offset=0');

    await user.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(url()).toBe('/parts?q=pads');
    expect(screen.queryByText(/Showing parts for your/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('catalogue-vehicle')).toBe('all');
    expect(screen.getByRole('button', { name: 'Show parts for my 2015 Toyota Corolla' })).toBeInTheDocument();

    // Choosing the saved vehicle again applies it by default again.
    await user.click(screen.getByRole('button', { name: 'Show parts for my 2015 Toyota Corolla' }));
    expect(url()).toBe('/parts?q=pads&make=Toyota&model=Corolla&year=2015');
    expect(sessionStorage.getItem('catalogue-vehicle')).toBeNull();
  });

  it('leaves the list whole when the buyer turned the saved vehicle off, or chose another filter', async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Toyota', model: 'Corolla', year: 2015 }));
    savedVehicleOff();
    const { url } = setup('/parts');
    await screen.findByText('Brake Pads');
    expect(url()).toBe('/parts');
    expect(screen.queryByText(/Showing parts for your/)).not.toBeInTheDocument();
    sessionStorage.clear();
    setup('/parts?make=Honda');
    await screen.findAllByText('Brake Pads');
    expect(screen.getAllByTestId('url').at(-1)).toHaveTextContent('/parts?make=Honda');
  });

  it('choosing no make turns the saved vehicle off, and Clear filters too', async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Toyota', model: 'Corolla', year: 2015 }));
    const { user, url } = setup('/parts');
    await screen.findByText(/Showing parts for your/);
    await user.selectOptions(screen.getByLabelText('Make'), 'Any make');
    expect(url()).toBe('/parts?year=2015');
    expect(sessionStorage.getItem('catalogue-vehicle')).toBe('all');
    sessionStorage.clear();
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(url()).toBe('/parts');
    expect(sessionStorage.getItem('catalogue-vehicle')).toBe('all');
  });

  it('says when nothing matches, with a way back to every part', async () => {
    setup('/parts?q=unobtainium', { body: [], headers: { 'X-Total-Count': '0' } });
    expect(await screen.findByText('No parts match your search.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No parts found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Clear filters' })[0]).toHaveAttribute('href', '/parts');
  });

  it('says when a page is past the end', async () => {
    setup('/parts?page=9', { body: [], headers: { 'X-Total-Count': '3' } });
    expect(await screen.findByText('There is no page 9 for this search.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/parts');
  });

  it("shows the shop's error and tries again", async () => {
    setup('/parts?category=Brakes', { status: 503, body: { error: 'The database is busy. Please try again.' } });
    expect(await screen.findByText('The database is busy. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers a position once a make is chosen, and sends it', async () => {
    const { user, url, partCalls } = setup('/parts?q=pads');
    await screen.findByText('Brake Pads');
    expect(screen.queryByLabelText('Position')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await user.selectOptions(screen.getByLabelText('Position'), 'Front');
    expect(url()).toBe('/parts?q=pads&make=Toyota&position=front');
    expect(partCalls().at(-1)).toBe('/api/part?q=pads&make=Toyota&position=front&sort=relevance&limit=12&offset=0');
    await user.selectOptions(screen.getByLabelText('Position'), 'Any position');
    expect(url()).toBe('/parts?q=pads&make=Toyota');
  });

  it("filters by the remembered vehicle's engine, which the buyer may drop", async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4' }));
    savedVehicleOff();
    const { user, url, partCalls } = setup('/parts');
    await user.click(await screen.findByRole('button', { name: 'Show parts for my 2014 Toyota Corolla' }));
    expect(url()).toBe('/parts?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4');
    expect(partCalls().at(-1)).toBe('/api/part?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4&sort=newest&limit=12&offset=0');
    expect(screen.getByText('Engine:')).toHaveTextContent('Engine: 1.8L L4');
    await user.click(screen.getByRole('button', { name: 'Any engine, not only 1.8L L4' }));
    expect(url()).toBe('/parts?make=Toyota&model=Corolla&year=2014');
    // Choosing the remembered vehicle again with the selects brings its engine back; another drops it.
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    expect(url()).toBe('/parts?make=Toyota&model=Corolla&year=2015');
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2015 });
  });

  it('keeps the remembered engine when its vehicle is chosen again with the selects', async () => {
    localStorage.setItem('vehicle', JSON.stringify({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4' }));
    const { user, url } = setup('/parts?make=Toyota&model=Corolla');
    await screen.findByRole('option', { name: '2014' });
    await user.selectOptions(screen.getByLabelText('Year'), '2014');
    expect(url()).toBe('/parts?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4');
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4' });
  });

  it('says which superseded number a part was found by', async () => {
    setup('/parts?q=0446502220', {
      body: [
        makePart({ _id: '1', name: 'Ceramic Brake Pads', sku: 'BRK-1042', replaces: ['04465-02220', 'BRK-1040'], matchedReplaced: '04465-02220' }),
        makePart({ _id: '2', name: 'Oil Filter', sku: 'FLT-0001', replaces: ['90915-YZZD2'] }),
      ],
      headers: { 'X-Total-Count': '2' },
    });
    const pads = (await screen.findByRole('heading', { name: 'Ceramic Brake Pads' })).closest('article')!;
    expect(within(pads).getByText(/replaces/)).toHaveTextContent('replaces 04465-02220');
    const filter = screen.getByRole('heading', { name: 'Oil Filter' }).closest('article')!;
    expect(within(filter).queryByText(/replaces/)).not.toBeInTheDocument();
  });

  it('offers the best match first for a search, and counts categories for the same filters', async () => {
    const { user, url, partCalls, fetchMock } = setup('/parts?make=Toyota&model=Corolla');
    await screen.findByText('Brake Pads');
    const sorts = () => within(screen.getByLabelText('Sort by')).getAllByRole('option').map((o) => o.textContent);
    expect(sorts()).not.toContain('Best match');
    const categoryCalls = () =>
      fetchMock.mock.calls.map(([input]) => String(input)).filter((input) => input.startsWith('/api/category'));
    expect(categoryCalls()).toContain('/api/category?make=Toyota&model=Corolla');
    await user.type(screen.getByLabelText('Search parts'), 'brake pads');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(url()).toBe('/parts?q=brake+pads&make=Toyota&model=Corolla');
    expect(partCalls().at(-1)).toBe('/api/part?q=brake+pads&make=Toyota&model=Corolla&sort=relevance&limit=12&offset=0');
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
    expect(sorts()[0]).toBe('Best match');
    expect(categoryCalls().at(-1)).toBe('/api/category?q=brake+pads&make=Toyota&model=Corolla');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    expect(url()).toBe('/parts?q=brake+pads&make=Toyota&model=Corolla&sort=newest');
  });

  it("shows each part's number and OEM numbers on its card", async () => {
    setup('/parts?q=04465', {
      body: [makePart({ _id: '1', name: 'Brake Pads', sku: 'BRK-1042', oemNumbers: ['04465-33450', '04465-02220'] })],
      headers: { 'X-Total-Count': '1' },
    });
    const card = (await screen.findByText('Brake Pads')).closest('article')!;
    expect(within(card as HTMLElement).getByText('BRK-1042')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('04465-33450, 04465-02220')).toBeInTheDocument();
  });

  it('says how the shop read a misspelt search', async () => {
    setup('/parts?q=break+pads', { body: twoParts, headers: { 'X-Total-Count': '2', 'X-Search-Corrected': 'brake pads' } });
    expect(await screen.findByText('brake pads')).toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for brake pads');
  });
});
