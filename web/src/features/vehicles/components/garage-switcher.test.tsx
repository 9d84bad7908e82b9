import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getVehicle, saveVehicle, type Vehicle } from '@/lib/vehicle';
import { mockApi, renderWithProviders, sentBody } from '@/test/render';
import { makeGarageVehicle } from '@/test/vehicles';
import { garageKeys } from '../api/keys';
import { GarageSwitcher } from './garage-switcher';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const corolla = makeGarageVehicle({ _id: '1', nickname: "Ann's car", engine: '1.8L L4', current: true });
const civic = makeGarageVehicle({ _id: '2', year: 2018, make: 'Honda', model: 'Civic', engine: '2.0L L4', trim: 'LX' });

function setup(current: Vehicle | null, garage = [corolla, civic]) {
  if (current) saveVehicle(current);
  const fetchMock = mockApi({
    'GET /api/garage': { body: garage },
    'POST /api/garage/2/current': { body: { ...civic, current: true } },
    'POST /api/garage': (body) => ({ status: 201, body: makeGarageVehicle({ ...(body as object), _id: '3' }) }),
  });
  const onSwitched = vi.fn();
  const view = renderWithProviders(<GarageSwitcher current={current} onSwitched={onSwitched} />);
  /** Resolves once the garage has loaded (the menu then opens on its vehicles). */
  const loaded = () => waitFor(() => expect(view.queryClient.getQueryData(garageKeys.list())).toBeDefined());
  return { ...view, fetchMock, onSwitched, loaded, button: () => screen.getByRole('button', { name: 'Switch vehicle' }) };
}

describe('the header’s garage switcher', () => {
  it("lists the garage's vehicles by nickname and vehicle, the one shown checked", async () => {
    const { user, button } = setup({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    await user.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'My Garage' });
    const items = await within(menu).findAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ["Ann's car (2015 Toyota Corolla 1.8L L4)", 'true'],
      ['2018 Honda Civic 2.0L L4 LX', 'false'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Manage My Garage' })).toHaveAttribute('href', '/dashboard/myprofile#my-garage');
    // The vehicle shown is in the garage already: nothing to save.
    expect(within(menu).queryByRole('menuitem', { name: /^Save / })).not.toBeInTheDocument();
  });

  it('switches to another vehicle: current in the garage, remembered here, and the catalogue told', async () => {
    const { user, button, fetchMock, onSwitched } = setup({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    await user.click(button());
    await user.click(await screen.findByRole('menuitemradio', { name: '2018 Honda Civic 2.0L L4 LX' }));
    const civicHere = { make: 'Honda', model: 'Civic', year: 2018, engine: '2.0L L4', trim: 'LX' };
    expect(getVehicle()).toEqual(civicHere);
    expect(onSwitched).toHaveBeenCalledWith(civicHere);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/garage/2/current' && init?.method === 'POST')).toBe(true));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });

  it('is worked with the keyboard: arrows, Home, End, Enter and Escape', async () => {
    const { user, button, onSwitched, loaded } = setup({ make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' });
    await loaded();
    button().focus();
    await user.keyboard('{ArrowDown}');
    // The menu opens on the checked vehicle.
    expect(await screen.findByRole('menuitemradio', { name: "Ann's car (2015 Toyota Corolla 1.8L L4)" })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: '2018 Honda Civic 2.0L L4 LX' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Manage My Garage' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: "Ann's car (2015 Toyota Corolla 1.8L L4)" })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Home}');
    expect(screen.getByRole('menuitemradio', { name: "Ann's car (2015 Toyota Corolla 1.8L L4)" })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSwitched).toHaveBeenCalledWith({ make: 'Honda', model: 'Civic', year: 2018, engine: '2.0L L4', trim: 'LX' });
  });

  it('saves the vehicle shown into the garage when it is not there', async () => {
    const { user, button, fetchMock } = setup({ make: 'Ford', model: 'Focus', year: 2014, engine: '2.0L L4' });
    await user.click(button());
    expect(screen.getAllByRole('menuitemradio').every((item) => item.getAttribute('aria-checked') === 'false')).toBe(true);
    await user.click(await screen.findByRole('menuitem', { name: 'Save 2014 Ford Focus to My Garage' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/garage')).toEqual({
        year: 2014,
        make: 'Ford',
        model: 'Focus',
        engine: '2.0L L4',
        trim: null,
        vin: null,
        nickname: null,
      }),
    );
  });

  it('offers the garage when no vehicle is chosen here', async () => {
    const { user } = setup(null);
    await user.click(screen.getByRole('button', { name: 'Choose from My Garage' }));
    expect(await screen.findAllByRole('menuitemradio')).toHaveLength(2);
  });
});
