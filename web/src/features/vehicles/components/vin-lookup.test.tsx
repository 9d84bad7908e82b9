import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { makeVinVehicle } from '@/test/vehicles';
import { VinLookup } from './vin-lookup';

const corollaVin = makeVinVehicle();

function setup(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(routes);
  const onUse = vi.fn();
  const view = renderWithProviders(<VinLookup onUse={onUse} />);
  const lookUp = async (vin: string) => {
    await view.user.clear(screen.getByLabelText('Or enter your VIN'));
    if (vin) await view.user.type(screen.getByLabelText('Or enter your VIN'), vin);
    await view.user.click(screen.getByRole('button', { name: 'Look up' }));
  };
  return { ...view, fetchMock, onUse, lookUp };
}

describe('VIN lookup', () => {
  it('shows the decoded vehicle and applies it with its engine, trim and VIN', async () => {
    const { onUse, user, lookUp, fetchMock } = setup({ 'GET /api/vin/2T1BURHE0EC123456': { body: corollaVin } });
    // Typed in any case, with spaces around it: sent upper-case.
    await lookUp(' 2t1burhe0ec123456 ');
    const found = await screen.findByRole('region', { name: '2014 Toyota Corolla' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/vin/2T1BURHE0EC123456');
    expect(within(found).getByText('1.8L L4 (2ZR-FE)')).toBeInTheDocument();
    expect(within(found).getByText('L/LE')).toBeInTheDocument();
    expect(within(found).getByText('6 parts fit it.')).toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Use this vehicle' }));
    expect(onUse).toHaveBeenCalledWith({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4', trim: 'L/LE', vin: '2T1BURHE0EC123456' });
  });

  it("uses the catalogue's name for a vehicle the data names otherwise", async () => {
    const bmw = makeVinVehicle({
      vin: 'WBA3A5C56EP123456',
      make: 'BMW',
      model: '328i',
      series: '3-Series',
      trim: null,
      engine: '2.0L 4-cyl',
      engineCode: null,
      checkDigitChecked: false,
      catalogueVehicle: { make: 'BMW', model: '3 Series', year: 2014 },
      fittingParts: 1,
    });
    const { onUse, user, lookUp } = setup({ 'GET /api/vin/WBA3A5C56EP123456': { body: bmw } });
    await lookUp('WBA3A5C56EP123456');
    const found = await screen.findByRole('region', { name: '2014 BMW 328i' });
    expect(within(found).getByText('1 part fits it (listed as 2014 BMW 3 Series).')).toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Use this vehicle' }));
    expect(onUse).toHaveBeenCalledWith({ make: 'BMW', model: '3 Series', year: 2014, engine: '2.0L 4-cyl', vin: 'WBA3A5C56EP123456' });
  });

  it('says when no part of the catalogue fits the vehicle', async () => {
    const { lookUp } = setup({
      'GET /api/vin/1FTFW1ET9DFA12345': { body: { ...corollaVin, vin: '1FTFW1ET9DFA12345', catalogueVehicle: null, fittingParts: 0 } },
    });
    await lookUp('1FTFW1ET9DFA12345');
    expect(await screen.findByText('No parts in the catalogue are listed for this vehicle yet.')).toBeInTheDocument();
  });

  it("shows each of the shop's reasons for refusing a VIN, in its words", async () => {
    const refusals: Record<string, { status: number; error: string }> = {
      '2T1BURHE0EC12345': { status: 400, error: 'A VIN has 17 characters; this one has 16' },
      '2T1BURHE0EC12345-': { status: 400, error: "A VIN has only letters and digits; this one has '-' at position 17" },
      '2T1BURHE0EC12345O': { status: 400, error: 'A VIN never contains I, O or Q; this one has O at position 17: it may be a 1 or a 0' },
      '2T1BURHE1EC123456': { status: 400, error: "This VIN's check digit does not match: check for a mistyped character" },
      '9ZZZZZZZZZZ123456': {
        status: 404,
        error: 'The vehicle data does not know the maker of this VIN (9ZZ): choose the vehicle by year, make and model instead',
      },
    };
    const routes = Object.fromEntries(
      Object.entries(refusals).map(([vin, { status, error }]) => [`GET /api/vin/${vin}`, { status, body: { error, fields: { vin: error } } }]),
    );
    const { lookUp, onUse } = setup(routes);
    for (const [vin, { error }] of Object.entries(refusals)) {
      await lookUp(vin);
      expect(await screen.findByRole('alert')).toHaveTextContent(error);
      expect(screen.getByLabelText('Or enter your VIN')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Or enter your VIN')).toHaveAccessibleDescription(error);
    }
    expect(screen.queryByRole('button', { name: 'Use this vehicle' })).not.toBeInTheDocument();
    expect(onUse).not.toHaveBeenCalled();
  });

  it('asks for a VIN without asking the shop when the box is empty', async () => {
    const { lookUp, fetchMock } = setup({});
    await lookUp('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 17 characters of your VIN');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
