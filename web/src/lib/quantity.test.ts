import { describe, expect, it } from 'vitest';
import { canDecrease, canIncrease, canOrder, clampQuantity, decrease, increase, initialQuantity } from './quantity';

// docs/decisions.md, D1: the buyer's own quantity starts at minimumOrder, steps by 1, stays within
// [minimumOrder, availableQuantity].
describe('order quantity rules (D1)', () => {
  const limits = { minimumOrder: 4, availableQuantity: 6 };

  it('starts at the minimum order', () => {
    expect(initialQuantity(limits)).toBe(4);
    expect(initialQuantity({ minimumOrder: 1, availableQuantity: 500 })).toBe(1);
  });

  it('steps up and down by exactly one', () => {
    expect(increase(4, limits)).toBe(5);
    expect(decrease(5, limits)).toBe(4);
  });

  it('never goes below the minimum order', () => {
    expect(canDecrease(4, limits)).toBe(false);
    expect(decrease(4, limits)).toBe(4);
  });

  it('never goes above the stock', () => {
    expect(canIncrease(6, limits)).toBe(false);
    expect(increase(6, limits)).toBe(6);
  });

  it('keeps typed or stale numbers inside the limits, in whole units', () => {
    expect(clampQuantity(100, limits)).toBe(6);
    expect(clampQuantity(0, limits)).toBe(4);
    expect(clampQuantity(5.7, limits)).toBe(5);
    expect(clampQuantity(Number.NaN, limits)).toBe(4);
  });

  it('cannot order when the minimum order exceeds the stock', () => {
    const short = { minimumOrder: 10, availableQuantity: 3 };
    expect(canOrder(short)).toBe(false);
    expect(canIncrease(10, short)).toBe(false);
    expect(canDecrease(10, short)).toBe(false);
    expect(canOrder({ minimumOrder: 1, availableQuantity: 0 })).toBe(false);
  });
});
