import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
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
});
