import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { scrollKey } from './scroll-key';

const at = (pathname: string, key: string): Location => ({ pathname, key, search: '', hash: '', state: null });

describe('scrollKey', () => {
  it('keeps each history entry its own position, even on a path seen before', () => {
    expect(scrollKey(at('/purchase/7', 'a1b2c3'))).toBe('a1b2c3');
    expect(scrollKey(at('/purchase/7', 'd4e5f6'))).not.toBe(scrollKey(at('/purchase/7', 'a1b2c3')));
  });

  it('uses the path for an address opened afresh, whose key is the same for every page', () => {
    expect(scrollKey(at('/parts', 'default'))).toBe('/parts');
    expect(scrollKey(at('/about', 'default'))).toBe('/about');
  });
});
