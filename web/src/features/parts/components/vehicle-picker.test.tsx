import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import type { VehicleChoice } from '../vehicle-options';
import { VehiclePicker } from './vehicle-picker';

const vehicles = { body: [{ make: 'Kestrel', models: [{ model: 'Falcon', yearFrom: 2010, yearTo: 2016 }] }] };

const toyota = {
  body: [{ make: 'Toyota', models: [{ model: 'Corolla', yearFrom: 2009, yearTo: 2019 }] }],
};

/**
 * The picker inside a catalogue whose address catches up only when the test says: each choice
 * handed over waits in `handed` until `catchUp` makes the next one the value the picker is drawn
 * with, as a slow navigation would.
 */
function setup() {
  mockApi({ 'GET /api/vehicle': toyota });
  const handed: VehicleChoice[] = [];
  let catchUp: () => void = () => {};
  function Catalogue() {
    const [value, setValue] = useState<VehicleChoice>({ make: '', model: '', year: null });
    catchUp = () => setValue(handed.shift()!);
    return <VehiclePicker value={value} onChange={(choice) => handed.push(choice)} />;
  }
  const view = renderWithProviders(<Catalogue />, { url: '/parts' });
  return { ...view, handed, catchUp: () => act(() => catchUp()) };
}

afterEach(() => localStorage.clear());

describe('vehicle picker', () => {
  it('builds a second choice on the first before the page has caught up with it', async () => {
    mockApi({ 'GET /api/vehicle': vehicles });
    const onChange = vi.fn();
    // The value stays as it was: the catalogue's address has not changed yet.
    renderWithProviders(<VehiclePicker value={{ make: 'Kestrel', model: '', year: null }} onChange={onChange} />);
    await screen.findByRole('option', { name: 'Falcon' });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'Falcon' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2015' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Kestrel', model: 'Falcon', year: 2015, engine: undefined });
  });

  it('keeps a choice the address has not caught up with when the page is drawn again meanwhile', async () => {
    mockApi({ 'GET /api/vehicle': vehicles });
    const onChange = vi.fn<(choice: VehicleChoice) => void>();
    // The catalogue parses its address anew on every drawing: an equal value, a new object.
    function Catalogue() {
      const [, redraw] = useState(0);
      return (
        <>
          <button type="button" onClick={() => redraw((n) => n + 1)}>
            Redraw
          </button>
          <VehiclePicker value={{ make: 'Kestrel', model: '', year: null }} onChange={onChange} />
        </>
      );
    }
    renderWithProviders(<Catalogue />);
    await screen.findByRole('option', { name: 'Falcon' });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'Falcon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redraw' }));
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2015' } });
    expect(onChange).toHaveBeenLastCalledWith({ make: 'Kestrel', model: 'Falcon', year: 2015, engine: undefined });
  });

  it('keeps a choice made before the address caught up with the one before it', async () => {
    const { user, handed, catchUp } = setup();
    await screen.findByRole('option', { name: 'Toyota' });
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    // The year is chosen while the make is still on its way to the address; the make arrives after.
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    catchUp();
    await user.selectOptions(screen.getByLabelText('Model'), 'Corolla');
    expect(handed.at(-1)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2015, engine: undefined });
  });

  it('builds on the address once it has caught up with every choice', async () => {
    const { user, handed, catchUp } = setup();
    await screen.findByRole('option', { name: 'Toyota' });
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    catchUp();
    catchUp();
    await user.selectOptions(screen.getByLabelText('Model'), 'Corolla');
    expect(handed.at(-1)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2015, engine: undefined });
  });

  it('takes a vehicle the address names anew', async () => {
    const { user, handed, catchUp } = setup();
    await screen.findByRole('option', { name: 'Toyota' });
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    catchUp();
    // The address goes elsewhere (Clear filters, Back): the next choice builds on it.
    handed.push({ make: '', model: '', year: null });
    catchUp();
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    expect(handed.at(-1)).toEqual({ make: '', model: '', year: 2015, engine: undefined });
  });
});
