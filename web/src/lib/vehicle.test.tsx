import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearVehicle, formatVehicle, getVehicle, parseVehicle, saveVehicle, useVehicle, vehicleSearch } from './vehicle';

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
});
