import { describe, expect, it } from 'vitest';
import { diffFields, showValue } from './diff';

describe('diffFields', () => {
  it('lists only the fields that changed', () => {
    expect(diffFields({ sku: 'A', priceCents: 100, tags: ['x'] }, { sku: 'A', priceCents: 150, tags: ['x', 'y'] })).toEqual([
      { field: 'priceCents', before: 100, after: 150 },
      { field: 'tags', before: ['x'], after: ['x', 'y'] },
    ]);
  });

  it('treats a missing side as empty, so an addition or deletion lists every field', () => {
    expect(diffFields(null, { sku: 'A' })).toEqual([{ field: 'sku', before: undefined, after: 'A' }]);
    expect(diffFields({ role: 'user' }, null)).toEqual([{ field: 'role', before: 'user', after: undefined }]);
    expect(diffFields(null, null)).toEqual([]);
  });
});

describe('showValue', () => {
  it('shows strings plainly, other values as JSON and absence as a dash', () => {
    expect(showValue('admin')).toBe('admin');
    expect(showValue(3)).toBe('3');
    expect(showValue(null)).toBe('null');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(undefined)).toBe('—');
  });
});
