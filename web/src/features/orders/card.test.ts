import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, isExpired, parseExpiry, passesLuhn } from './card';

describe('card fields', () => {
  it('groups a card number in fours and keeps at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('')).toBe('');
  });

  it('writes the expiry as "MM / YY" while it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12/305')).toBe('12 / 30');
    expect(formatExpiry('12 / ')).toBe('12');
    // A month of one digit gets its 0.
    expect(formatExpiry('4')).toBe('4');
    expect(formatExpiry('43')).toBe('04 / 3');
    // A four-digit year keeps its last two digits.
    expect(formatExpiry('12/2030')).toBe('12 / 30');
    expect(formatExpiry('4/2031')).toBe('04 / 31');
  });

  it('keeps only up to four digits of a CVC', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });

  it('reads an expiry and tells whether it has passed (a card is good to the end of its month)', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('04/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('12')).toBeNull();
    expect(parseExpiry('ab / cd')).toBeNull();
    const today = new Date(2026, 5, 15); // June 2026
    expect(isExpired({ month: 6, year: 2026 }, today)).toBe(false);
    expect(isExpired({ month: 5, year: 2026 }, today)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, today)).toBe(false);
    expect(isExpired({ month: 12, year: 2025 }, today)).toBe(true);
  });

  it('checks the Luhn digit of the test numbers', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
