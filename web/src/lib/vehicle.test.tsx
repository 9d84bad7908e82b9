import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearVehicle,
  describeVehicle,
  formatVehicle,
  getVehicle,
  parseVehicle,
  sameEngine,
  sameVehicle,
  saveVehicle,
  useVehicle,
  vehicleFrom,
  vehicleSearch,
} from './vehicle';

function Shown() {
  const vehicle = useVehicle();
  return <p>{vehicle ? formatVehicle(vehicle) : 'none'}</p>;
}

describe('the chosen vehicle', () => {
  it('is kept in localStorage under "vehicle" as make, model and year', () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2015 });
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2015 });
    expect(getVehicle()).toEqual({ make: 'Toyota', model: 'Corolla', year: 2015 });
    clearVehicle();
    expect(localStorage.getItem('vehicle')).toBeNull();
    expect(getVehicle()).toBeNull();
  });

  it('counts anything but a whole vehicle as none', () => {
    expect(parseVehicle(null)).toBeNull();
    expect(parseVehicle('not json')).toBeNull();
    expect(parseVehicle('{"make":"Toyota","model":"Corolla"}')).toBeNull();
    expect(parseVehicle('{"make":"","model":"Corolla","year":2015}')).toBeNull();
    expect(parseVehicle('{"make":"Toyota","model":"Corolla","year":"2015"}')).toBeNull();
    expect(parseVehicle('null')).toBeNull();
  });

  it('re-renders what shows it when it is chosen, cleared, or changed in another tab', () => {
    render(<Shown />);
    expect(screen.getByText('none')).toBeInTheDocument();
    act(() => saveVehicle({ make: 'Honda', model: 'Civic', year: 2018 }));
    expect(screen.getByText('2018 Honda Civic')).toBeInTheDocument();
    act(() => {
      localStorage.setItem('vehicle', JSON.stringify({ make: 'Ford', model: 'Focus', year: 2012 }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'vehicle' }));
    });
    expect(screen.getByText('2012 Ford Focus')).toBeInTheDocument();
    act(() => clearVehicle());
    expect(screen.getByText('none')).toBeInTheDocument();
  });

  it('makes the catalogue query for its parts', () => {
    expect(vehicleSearch({ make: 'Land Rover', model: 'Defender', year: 1998 })).toBe('?make=Land+Rover&model=Defender&year=1998');
  });

  it('keeps the engine, trim and VIN when it has them, and only then', () => {
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4', trim: ' L/LE ', vin: '2T1BURHE0EC123456' });
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      year: 2014,
      engine: '1.8L L4',
      trim: 'L/LE',
      vin: '2T1BURHE0EC123456',
    });
    saveVehicle({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '  ' });
    expect(JSON.parse(localStorage.getItem('vehicle')!)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2014 });
    // A detail that is not text is dropped; the vehicle stays.
    expect(parseVehicle('{"make":"Ford","model":"Focus","year":2014,"engine":4,"trim":"SE"}')).toEqual({ make: 'Ford', model: 'Focus', year: 2014, trim: 'SE' });
  });

  it('is named with its engine and trim, and its catalogue query carries the engine', () => {
    const corolla = { make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4', trim: 'LE' };
    expect(formatVehicle(corolla)).toBe('2014 Toyota Corolla');
    expect(describeVehicle(corolla)).toBe('2014 Toyota Corolla 1.8L L4 LE');
    expect(vehicleSearch(corolla)).toBe('?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4');
  });

  it('is one vehicle with another as My Garage decides (D25): the same VIN, or the same year, make, model, engine and trim', () => {
    const garageCorolla = { make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4', trim: null, vin: null };
    expect(sameVehicle(garageCorolla, { make: 'TOYOTA', model: 'corolla', year: 2014, engine: '1.8l  l4' })).toBe(true);
    expect(sameVehicle(garageCorolla, { make: 'Toyota', model: 'Corolla', year: 2014 })).toBe(false);
    expect(sameVehicle(garageCorolla, { make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' })).toBe(false);
    expect(sameVehicle({ ...garageCorolla, vin: '2T1BURHE0EC123456' }, { make: 'Ford', model: 'Focus', year: 2014, vin: '2t1burhe0ec123456' })).toBe(true);
    expect(sameVehicle({ ...garageCorolla, vin: '2T1BURHE0EC123456' }, garageCorolla)).toBe(false);
    expect(sameEngine('2.0L 4-cyl', ' 2.0l 4-CYL ')).toBe(true);
    expect(vehicleFrom(garageCorolla)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4' });
  });
});
