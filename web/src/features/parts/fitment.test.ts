import { describe, expect, it } from 'vitest';
import { engineSize, fitMessage, fitsVehicle, positionText, qualifierList } from './fitment';
import type { Fitment } from './types';

const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2009, yearTo: 2019 };
const frontPads: Fitment = { ...corolla, axle: 'front' };
const filter18: Fitment = { ...corolla, engine: '1.8L L4', note: 'Not for the hybrid' };
const filter20: Fitment = { ...corolla, engine: '2.0L L4' };
const mirror: Fitment = { ...corolla, trim: 'LE', axle: 'front', side: 'left' };

describe('fitment qualifiers', () => {
  it('read engine, trim, position and note, leaving out what a row does not name', () => {
    expect(qualifierList(corolla)).toEqual([]);
    expect(qualifierList(filter18)).toEqual(['1.8L L4', 'Not for the hybrid']);
    expect(qualifierList(mirror)).toEqual(['LE trim', 'front axle, left side']);
    expect(positionText({ side: 'right' })).toBe('right side');
    expect(positionText({})).toBeNull();
    expect(engineSize('1.8L L4')).toBe('1.8L');
  });

  it('count a row for another engine out only when the vehicle’s engine is known (D26)', () => {
    const corolla18 = { make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8l l4' };
    expect(fitsVehicle([filter18], corolla18)).toBe(true);
    expect(fitsVehicle([filter20], corolla18)).toBe(false);
    expect(fitsVehicle([frontPads], corolla18)).toBe(true);
    expect(fitsVehicle([filter20], { make: 'Toyota', model: 'Corolla', year: 2015 })).toBe(true);
  });

  it('say where the part goes on the buyer’s vehicle, with its engine', () => {
    const corolla18 = { make: 'Toyota', model: 'Corolla', year: 2015, engine: '1.8L L4' };
    expect(fitMessage([frontPads], corolla18)).toEqual({ fits: true, text: 'Fits your 2015 Toyota Corolla 1.8L, front axle', notes: [] });
    expect(fitMessage([corolla], corolla18).text).toBe('Fits your 2015 Toyota Corolla 1.8L');
    expect(fitMessage([filter18], corolla18)).toEqual({ fits: true, text: 'Fits your 2015 Toyota Corolla 1.8L', notes: ['Not for the hybrid'] });
    expect(fitMessage([filter20], corolla18)).toEqual({ fits: false, text: 'Not listed for your 2015 Toyota Corolla 1.8L', notes: [] });
    expect(fitMessage([mirror], corolla18).text).toBe('Fits your 2015 Toyota Corolla 1.8L, LE trim, front axle, left side');
  });

  it('name the engine a row needs when the vehicle’s is not known, and the alternatives of several rows', () => {
    const corolla15 = { make: 'Toyota', model: 'Corolla', year: 2015 };
    expect(fitMessage([filter20], corolla15).text).toBe('Fits your 2015 Toyota Corolla, 2.0L L4 engine');
    expect(fitMessage([frontPads, { ...corolla, axle: 'rear' }], corolla15).text).toBe('Fits your 2015 Toyota Corolla, front axle or rear axle');
    // A row without qualifiers fits any way: nothing to add.
    expect(fitMessage([frontPads, corolla], corolla15).text).toBe('Fits your 2015 Toyota Corolla');
  });
});
