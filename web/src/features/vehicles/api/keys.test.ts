import { describe, expect, it } from 'vitest';
import { isKeptOnSignOut } from '@/lib/auth';
import { GARAGE_QUERY_KEY } from '@/lib/garage-sync';
import { garageQueryOptions } from './get-garage';
import { garageKeys, vinKeys } from './keys';
import { vinQueryOptions } from './lookup-vin';

describe('vehicle query keys', () => {
  it('nest general to specific under all, and are the keys the queries ask for', () => {
    expect(garageKeys.list().slice(0, garageKeys.all.length)).toEqual(garageKeys.all);
    expect(vinKeys.lookup('2T1BURHE0EC123456').slice(0, vinKeys.all.length)).toEqual(vinKeys.all);
    expect(garageQueryOptions().queryKey).toEqual(garageKeys.list());
    expect(vinQueryOptions('2T1BURHE0EC123456').queryKey).toEqual(vinKeys.lookup('2T1BURHE0EC123456'));
  });

  it('are the garage key that sign-in refreshes, and the garage is forgotten on sign-out', () => {
    expect(GARAGE_QUERY_KEY).toEqual(garageKeys.all);
    expect(isKeptOnSignOut(garageKeys.list())).toBe(false);
  });
});
