import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { getVehicle, saveVehicle } from '@/lib/vehicle';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { makeGarageVehicle, makeVinVehicle } from '@/test/vehicles';
import type { GarageVehicle } from '../types';
import { MyGarage } from './my-garage';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const corolla = makeGarageVehicle({ _id: '1', nickname: "Ann's car", engine: '1.8L L4', current: true });
const civic = makeGarageVehicle({ _id: '2', year: 2018, make: 'Honda', model: 'Civic' });

/** A garage that answers like the shop's: adding, renaming, removing and making current change it. */
function setup(start: GarageVehicle[] = [corolla, civic]) {
  let garage = [...start];
  const fetchMock = mockApi({
    'GET /api/garage': () => ({ body: garage }),
    'POST /api/garage': (body) => {
      const added = makeGarageVehicle({ ...(body as Partial<GarageVehicle>), _id: String(garage.length + 10), current: garage.length === 0 });
      garage = [...garage, added];
      return { status: 201, body: added };
    },
    'PUT /api/garage/1': (body) => {
      garage = garage.map((v) => (v._id === '1' ? { ...v, ...(body as Partial<GarageVehicle>) } : v));
      return { body: garage[0] };
    },
    'DELETE /api/garage/1': () => {
      garage = garage.filter((v) => v._id !== '1');
      return { body: { deletedCount: 1 } };
    },
    'POST /api/garage/2/current': () => {
      garage = garage.map((v) => ({ ...v, current: v._id === '2' }));
      return { body: garage.find((v) => v._id === '2') };
    },
    'GET /api/vin/2T1BURHE0EC123456': { body: makeVinVehicle() },
    'GET /api/vehicle': {
      body: [
        { make: 'Honda', models: [{ model: 'Civic', yearFrom: 2016, yearTo: 2021 }] },
        { make: 'Toyota', models: [{ model: 'Camry', yearFrom: 2012, yearTo: 2017 }, { model: 'Corolla', yearFrom: 2013, yearTo: 2015 }] },
      ],
    },
  });
  return { ...renderWithProviders(<MyGarage />), fetchMock };
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('My Garage', () => {
  it('lists the vehicles, the one the shop shows parts for marked current', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    setup();
    const list = await screen.findByRole('list', { name: 'Your vehicles' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      "Ann's car (2015 Toyota Corolla 1.8L L4)",
      '2018 Honda Civic',
    ]);
    expect(within(row("Ann's car (2015 Toyota Corolla 1.8L L4)")).getByText('Current')).toBeInTheDocument();
    expect(within(row('2018 Honda Civic')).queryByText('Current')).not.toBeInTheDocument();
    expect(within(row('2018 Honda Civic')).getByRole('link', { name: 'Parts that fit 2018 Honda Civic' })).toHaveAttribute(
      'href',
      '/parts?make=Honda&model=Civic&year=2018',
    );
  });

  it('makes another vehicle current, here and in the garage', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Make current: 2018 Honda Civic' }));
    expect(getVehicle()).toEqual({ make: 'Honda', model: 'Civic', year: 2018 });
    await waitFor(() => expect(within(row('2018 Honda Civic')).getByText('Current')).toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/garage/2/current' && init?.method === 'POST')).toBe(true);
    expect(screen.getByRole('button', { name: "Make current: Ann's car (2015 Toyota Corolla 1.8L L4)" })).toBeInTheDocument();
  });

  it('edits a nickname, sending the whole vehicle as the shop replaces it', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: "Edit nickname of Ann's car (2015 Toyota Corolla 1.8L L4)" }));
    const field = screen.getByLabelText('Nickname', { selector: 'li input' });
    expect(field).toHaveValue("Ann's car");
    await user.clear(field);
    await user.type(field, 'Daily driver');
    await user.click(screen.getByRole('button', { name: 'Save nickname' }));
    expect(await screen.findByRole('listitem', { name: 'Daily driver (2015 Toyota Corolla 1.8L L4)' })).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT', '/api/garage/1')).toEqual({
      year: 2015,
      make: 'Toyota',
      model: 'Corolla',
      engine: '1.8L L4',
      trim: null,
      vin: null,
      nickname: 'Daily driver',
    });
  });

  it('removes a vehicle; the current one stops being shown', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: "Remove Ann's car (2015 Toyota Corolla 1.8L L4)" }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Ann's car/ })).not.toBeInTheDocument());
    expect(getVehicle()).toBeNull();
    expect(notify.success).toHaveBeenCalledWith("Ann's car (2015 Toyota Corolla 1.8L L4) is removed from My Garage.");
  });

  it('adds a vehicle by its VIN, with its engine, trim and VIN', async () => {
    const { user, fetchMock } = setup([]);
    expect(await screen.findByText('No vehicles yet. Add one to keep it here.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Or enter your VIN'), '2T1BURHE0EC123456');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await user.click(await screen.findByRole('button', { name: 'Add to My Garage' }));
    expect(await screen.findByRole('listitem', { name: '2014 Toyota Corolla 1.8L L4 L/LE' })).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/garage')).toEqual({
      year: 2014,
      make: 'Toyota',
      model: 'Corolla',
      engine: '1.8L L4',
      trim: 'L/LE',
      vin: '2T1BURHE0EC123456',
      nickname: null,
    });
    // The garage's first vehicle is current: this browser shops for it too.
    expect(getVehicle()).toEqual({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4', trim: 'L/LE', vin: '2T1BURHE0EC123456' });
  });

  it("offers the catalogue's makes, the make's models and the model's years as the buyer types", async () => {
    const { user } = setup();
    const form = await screen.findByRole('form', { name: 'Or by year, make and model' });
    const offered = (label: string) => {
      const list = document.getElementById(within(form).getByLabelText(label).getAttribute('list') ?? '');
      return Array.from(list?.querySelectorAll('option') ?? []).map((o) => o.value);
    };
    await waitFor(() => expect(offered('Make')).toEqual(['Honda', 'Toyota']));
    expect(offered('Model')).toEqual([]);
    await user.type(within(form).getByLabelText('Make'), 'toyota');
    expect(offered('Model')).toEqual(['Camry', 'Corolla']);
    await user.type(within(form).getByLabelText('Model'), 'Corolla');
    expect(offered('Year')).toEqual(['2015', '2014', '2013']);
  });

  it('adds a vehicle by year, make and model, refusing an incomplete one', async () => {
    const { user, fetchMock } = setup();
    const form = await screen.findByRole('form', { name: 'Or by year, make and model' });
    await user.click(within(form).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(form).findByText('Year is Required')).toBeInTheDocument();
    expect(within(form).getByText('Make is Required')).toBeInTheDocument();
    expect(within(form).getByText('Model is Required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Year'), '1949');
    await user.click(within(form).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(form).findByText(/^Year must be from 1950 to \d{4}$/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.clear(within(form).getByLabelText('Year'));
    await user.type(within(form).getByLabelText('Year'), '2014');
    await user.type(within(form).getByLabelText('Make'), 'Ford');
    await user.type(within(form).getByLabelText('Model'), 'F-150');
    await user.type(within(form).getByLabelText('Engine'), '5.0L  V8');
    await user.type(within(form).getByLabelText('Nickname'), 'Work truck');
    await user.click(within(form).getByRole('button', { name: 'Add vehicle' }));
    expect(await screen.findByRole('listitem', { name: 'Work truck (2014 Ford F-150 5.0L V8)' })).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/garage')).toEqual({
      year: 2014,
      make: 'Ford',
      model: 'F-150',
      engine: '5.0L V8',
      trim: null,
      vin: null,
      nickname: 'Work truck',
    });
    expect(within(form).getByLabelText('Make')).toHaveValue('');
  });

  it('offers to add the vehicle chosen in this browser when the garage lacks it', async () => {
    saveVehicle({ make: 'Volkswagen', model: 'Golf', year: 2015 });
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add my 2015 Volkswagen Golf' }));
    expect(await screen.findByRole('listitem', { name: '2015 Volkswagen Golf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add my / })).not.toBeInTheDocument();
    expect(within(row('2015 Volkswagen Golf')).getByText('Current')).toBeInTheDocument();
  });

  it("shows the shop's refusal of a vehicle that is there already", async () => {
    mockApi({
      'GET /api/garage': { body: [corolla] },
      'POST /api/garage': { status: 409, body: { error: 'This vehicle is in your garage already' } },
    });
    const { user } = renderWithProviders(<MyGarage />);
    const form = await screen.findByRole('form', { name: 'Or by year, make and model' });
    await user.type(within(form).getByLabelText('Year'), '2015');
    await user.type(within(form).getByLabelText('Make'), 'toyota');
    await user.type(within(form).getByLabelText('Model'), 'corolla');
    await user.type(within(form).getByLabelText('Engine'), '1.8l l4');
    await user.click(within(form).getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('This vehicle is in your garage already'));
    expect(within(form).getByLabelText('Make')).toHaveValue('toyota');
  });
});
