import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/test/orders';
import { cancelReasonText, formatDeadline, holdDeadline, msUntilFirstRelease } from './hold';

const cancelled = makeOrder({ status: 'cancelled', fulfilmentStatus: 'cancelled' });

describe('cancelReasonText', () => {
  it('names who cancelled, in the words of whoever is looking', () => {
    expect(cancelReasonText({ ...cancelled, cancelReason: 'expired' }, 'buyer')).toBe('Not paid in time');
    expect(cancelReasonText({ ...cancelled, cancelReason: 'expired' }, 'admin')).toBe('Not paid in time');
    expect(cancelReasonText({ ...cancelled, cancelReason: 'buyer' }, 'buyer')).toBe('Cancelled by you');
    expect(cancelReasonText({ ...cancelled, cancelReason: 'buyer' }, 'admin')).toBe('Cancelled by the buyer');
    expect(cancelReasonText({ ...cancelled, cancelReason: 'admin' }, 'buyer')).toBe('Cancelled by the shop');
  });

  it('says nothing without a known reason, or for an order that is not cancelled', () => {
    expect(cancelReasonText(cancelled, 'buyer')).toBeNull();
    expect(cancelReasonText({ ...cancelled, cancelReason: null }, 'buyer')).toBeNull();
    expect(cancelReasonText({ ...cancelled, cancelReason: 'stolen' as never }, 'admin')).toBeNull();
    expect(cancelReasonText({ ...makeOrder(), cancelReason: 'admin' }, 'buyer')).toBeNull();
  });
});

describe('holdDeadline', () => {
  it('is the hold of an unpaid open order only', () => {
    const at = '2026-01-02T10:30:00Z';
    expect(holdDeadline(makeOrder({ holdExpiresAt: at }))).toEqual(new Date(at));
    expect(holdDeadline(makeOrder())).toBeNull();
    expect(holdDeadline(makeOrder({ holdExpiresAt: 'soon' }))).toBeNull();
    expect(holdDeadline({ ...cancelled, holdExpiresAt: at })).toBeNull();
    expect(holdDeadline(makeOrder({ paymentStatus: 'paid', status: 'paid', holdExpiresAt: at }))).toBeNull();
  });
});

describe('formatDeadline', () => {
  const now = new Date('2026-01-02T10:00:00Z');
  it('gives the time alone on the same day, in the given zone', () => {
    expect(formatDeadline(new Date('2026-01-02T10:30:00Z'), { now, timeZone: 'UTC' })).toBe('10:30 AM');
    expect(formatDeadline(new Date('2026-01-02T10:30:00Z'), { now, timeZone: 'Asia/Kolkata' })).toBe('4:00 PM');
  });

  it('adds the day when the deadline falls on another one', () => {
    const lateEvening = new Date('2026-01-02T23:30:00Z');
    const pastMidnight = new Date('2026-01-03T00:10:00Z');
    expect(formatDeadline(pastMidnight, { now: lateEvening, timeZone: 'UTC' })).toBe('Jan 3, 12:10 AM');
    // The same two instants fall on one afternoon in New Zealand: the time alone.
    expect(formatDeadline(pastMidnight, { now: lateEvening, timeZone: 'Pacific/Auckland' })).toBe('1:10 PM');
    expect(formatDeadline(pastMidnight, { now, timeZone: 'UTC' })).toBe('Jan 3, 12:10 AM');
  });
});

describe('msUntilFirstRelease', () => {
  it('is the wait until the nearest hold still to come', () => {
    const now = Date.parse('2026-01-02T10:00:00Z');
    const orders = [
      makeOrder({ _id: '1', holdExpiresAt: '2026-01-02T10:20:00Z' }),
      makeOrder({ _id: '2', holdExpiresAt: '2026-01-02T10:05:00Z' }),
      makeOrder({ _id: '3', holdExpiresAt: '2026-01-02T09:55:00Z' }),
      makeOrder({ _id: '4' }),
    ];
    expect(msUntilFirstRelease(orders, now)).toBe(5 * 60_000);
    expect(msUntilFirstRelease([orders[2]!, orders[3]!], now)).toBeNull();
  });
});
