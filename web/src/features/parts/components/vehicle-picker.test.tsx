import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import type { VehicleChoice } from '../vehicle-options';
import { VehiclePicker } from './vehicle-picker';

const vehicles = { body: [{ make: 'Kestrel', models: [{ model: 'Falcon', yearFrom: 2010, yearTo: 2016 }] }] };

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
});
