import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeGarageVehicle } from '@/test/vehicles';
import { mockApi, sentBody } from '@/test/render';
import { signedIn } from './auth';
import { GARAGE_QUERY_KEY, joinGarage } from './garage-sync';
import { getVehicle, saveVehicle } from './vehicle';

const session = { token: 'new-token', user: { email: 'ann@example.com', name: 'Ann Driver', role: 'user' as const, emailVerified: true } };

describe('the remembered vehicle at sign-in', () => {
  it('is merged into the garage, with its engine, trim and VIN, when a session starts', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4', trim: 'L/LE', vin: '2T1BURHE0EC123456' });
    const fetchMock = mockApi({ 'POST /api/garage/merge': { status: 201, body: makeGarageVehicle({ current: true }) } });
    signedIn(new QueryClient(), session);
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/garage/merge')).toEqual({
        year: 2014,
        make: 'Toyota',
        model: 'Corolla',
        engine: '1.8L L4',
        trim: 'L/LE',
        vin: '2T1BURHE0EC123456',
      }),
    );
    // Sent with the new session's token.
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/garage/merge')!;
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer new-token');
  });

  it("with none remembered, brings the garage's current vehicle into this browser", async () => {
    mockApi({
      'GET /api/garage': {
        body: [makeGarageVehicle({ _id: '1' }), makeGarageVehicle({ _id: '2', year: 2018, make: 'Honda', model: 'Civic', engine: '2.0L L4', current: true })],
      },
    });
    await joinGarage(new QueryClient());
    expect(getVehicle()).toEqual({ make: 'Honda', model: 'Civic', year: 2018, engine: '2.0L L4' });
  });

  it('leaves the vehicle as it is when the garage refuses it or cannot be reached, and refreshes the garage', async () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015 });
    mockApi({ 'POST /api/garage/merge': { status: 409, body: { error: 'Your garage holds at most 20 vehicles: remove one before adding another' } } });
    const queryClient = new QueryClient();
    queryClient.setQueryData([...GARAGE_QUERY_KEY, 'list'], []);
    await joinGarage(queryClient);
    expect(getVehicle()).toEqual({ make: 'Toyota', model: 'Corolla', year: 2015 });
    expect(queryClient.getQueryState([...GARAGE_QUERY_KEY, 'list'])?.isInvalidated).toBe(true);
  });
});
