import { describe, expect, it } from 'vitest';
import { returnPromise } from './states';

const money = (amount: number) => `$${amount.toFixed(2)}`;

describe("the home page's return promise", () => {
  it('says the window the shop keeps, and the fee when there is one', () => {
    expect(returnPromise({ returnDays: 30, restockingFee: { kind: 'none', amount: 0 } }, money)).toEqual({
      title: 'Fits or free return',
      text: 'Wrong fit? Send it back within 30 days.',
    });
    expect(returnPromise({ returnDays: 45, restockingFee: { kind: 'percent', amount: 15 } }, money)).toEqual({
      title: 'Easy returns',
      text: 'Wrong fit? Send it back within 45 days (15% restocking fee).',
    });
    expect(returnPromise({ returnDays: 1, restockingFee: { kind: 'fixed', amount: 5 } }, money).text).toBe('Wrong fit? Send it back within 1 day ($5.00 restocking fee).');
  });

  it('promises no number before the policy is known', () => {
    expect(returnPromise(undefined, money).text).toBe('Wrong fit? Send it back.');
  });
});
