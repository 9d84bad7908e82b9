import { describe, expect, it } from 'vitest';
import { loginFor, loginReason, returnPath } from './return-path';

describe('the way to log in and back', () => {
  it('says what for in the words of the page: Log in on the login page, Sign up on the sign-up page', () => {
    const state = loginFor('/checkout', 'to check out.');
    expect(loginReason(state, 'Log in')).toBe('Log in to check out.');
    expect(loginReason(state, 'Sign up')).toBe('Sign up to check out.');
    expect(returnPath(state)).toBe('/checkout');
  });

  it('says nothing when no page said what for', () => {
    expect(loginReason(null, 'Log in')).toBeNull();
    expect(loginReason({ purpose: ' ' }, 'Sign up')).toBeNull();
  });
});
