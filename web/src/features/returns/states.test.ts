import { describe, expect, it } from 'vitest';
import { makeReturn } from '@/test/returns';
import {
  conditionLabel,
  coreWindowSentence,
  parseReasonFilter,
  REASON_FILTERS,
  reasonLabel,
  refundRows,
  RETURN_REASONS,
  returnPromise,
  shopAtFault,
} from './states';

const money = (amount: number) => `$${amount.toFixed(2)}`;

describe("the home page's return promise", () => {
  it('says the window the shop keeps, and the fee when there is one', () => {
    expect(returnPromise({ returnDays: 30, restockingFee: { kind: 'none', amount: 0 }, coreReturnDays: 90 }, money)).toEqual({
      title: 'Fits or free return',
      text: 'Wrong fit? Send it back within 30 days.',
    });
    expect(returnPromise({ returnDays: 45, restockingFee: { kind: 'percent', amount: 15 }, coreReturnDays: 90 }, money)).toEqual({
      title: 'Easy returns',
      text: 'Wrong fit? Send it back within 45 days (15% restocking fee).',
    });
    expect(returnPromise({ returnDays: 1, restockingFee: { kind: 'fixed', amount: 5 }, coreReturnDays: 90 }, money).text).toBe('Wrong fit? Send it back within 1 day ($5.00 restocking fee).');
  });

  it('promises no number before the policy is known', () => {
    expect(returnPromise(undefined, money).text).toBe('Wrong fit? Send it back.');
  });
});

describe('core returns', () => {
  const core = makeReturn({
    reason: 'core',
    lines: [{ position: 1, partId: '4', partName: 'Alternator', quantity: 1, unitPrice: 120, vehicle: null, coreCharge: 45 }],
    refund: { goods: 0, tax: 0, delivery: 0, core: 45, fee: 5, total: 40 },
    deduction: 5,
  });

  it('names the reason in the buyer\'s words and the staff\'s, and lets the staff filter by it', () => {
    expect(RETURN_REASONS.at(-1)).toBe('core');
    expect(reasonLabel('core', 'buyer')).toBe('Old part (core) for its deposit');
    expect(reasonLabel('core', 'admin')).toBe('Core return');
    expect(REASON_FILTERS.at(-1)).toEqual({ value: 'core', label: 'Core return' });
    expect(parseReasonFilter('core')).toBe('core');
    expect(shopAtFault('core')).toBe(false);
  });

  it('says whether a core can be rebuilt, and how any other return came back', () => {
    expect(conditionLabel('resalable', core)).toBe('Can be rebuilt');
    expect(conditionLabel('damaged', core)).toBe('Cannot be rebuilt');
    expect(conditionLabel('notAsSent', core)).toBe('Not the part sold');
    expect(conditionLabel('resalable', makeReturn())).toBe('Resalable – back on the shelf');
  });

  it("shows a core return's deposits less the deduction, and another return's deposits only when it gives some back", () => {
    const rows = (ret: Parameters<typeof refundRows>[0]) => refundRows(ret).map((row) => row.label);
    expect(rows(core)).toEqual(['Core deposits', 'Deduction']);
    expect(rows({ ...core, refund: { ...core.refund, fee: 0, total: 45 } })).toEqual(['Core deposits']);
    expect(rows(makeReturn({ refund: { goods: 25, tax: 2, delivery: 0, core: 0, fee: 3.75, total: 23.25 } }))).toEqual([
      'Goods',
      'Tax',
      'Delivery',
      'Restocking fee',
    ]);
    expect(rows(makeReturn({ refund: { goods: 120, tax: 9.6, delivery: 0, core: 45, fee: 0, total: 174.6 } }))).toEqual([
      'Goods',
      'Tax',
      'Delivery',
      'Core deposits',
      'Restocking fee',
    ]);
  });

  it('states the core return window with the deposit when the parts share one', () => {
    expect(coreWindowSentence({ coreReturnDays: 90 }, 45, money)).toBe('Return the old part within 90 days of delivery or collection for its $45.00 deposit.');
    expect(coreWindowSentence({ coreReturnDays: 1 }, null, money)).toBe('Return the old part within 1 day of delivery or collection for its deposit.');
  });
});
