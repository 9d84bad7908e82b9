import { describe, expect, it } from 'vitest';
import { allowedMoves, parseOrderFilter } from './moves';
import type { FulfilmentStatus, PaymentStatus } from './types';

describe('allowedMoves', () => {
  const cases: [PaymentStatus, FulfilmentStatus, string[]][] = [
    ['unpaid', 'pending', ['cancel']],
    ['paid', 'pending', ['ship', 'refund']],
    ['paid', 'shipped', ['deliver']],
    ['paid', 'delivered', []],
    ['unpaid', 'cancelled', []],
    ['refunded', 'cancelled', []],
    // States the server never makes still offer nothing the table does not allow.
    ['unpaid', 'shipped', []],
    ['refunded', 'pending', []],
  ];
  it.each(cases)('(%s, %s) allows %j', (paymentStatus, fulfilmentStatus, moves) => {
    expect(allowedMoves({ paymentStatus, fulfilmentStatus })).toEqual(moves);
  });
});

describe('parseOrderFilter', () => {
  it('keeps a known filter and turns anything else into all', () => {
    expect(parseOrderFilter('paid')).toBe('paid');
    expect(parseOrderFilter('refunded')).toBe('refunded');
    expect(parseOrderFilter(null)).toBe('all');
    expect(parseOrderFilter('PAID')).toBe('all');
    expect(parseOrderFilter('everything')).toBe('all');
  });
});
