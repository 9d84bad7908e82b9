import { describe, expect, it } from 'vitest';
import { googleErrorHref, googleErrorMessage, insidePath } from './google';

describe('Google sign-in helpers', () => {
  it('explains each refusal the server reports, and any other as a failure', () => {
    expect(googleErrorMessage(null)).toBeNull();
    expect(googleErrorMessage('unverified')).toMatch(/not verified the e-mail address/);
    expect(googleErrorMessage('state')).toMatch(/could not be checked/);
    expect(googleErrorMessage('cancelled')).toMatch(/cancelled/);
    expect(googleErrorMessage('linked')).toMatch(/another Google account/);
    expect(googleErrorMessage('<script>')).toBe('Google sign-in failed. Please try again.');
    expect(googleErrorMessage('constructor')).toBe('Google sign-in failed. Please try again.');
    expect(googleErrorHref('state')).toBe('/login?google_error=state');
  });

  it('keeps only paths inside the shop', () => {
    expect(insidePath('/dashboard/order?x=1#top')).toBe('/dashboard/order?x=1#top');
    for (const outside of ['//evil.example', '/\\evil.example', 'https://evil.example', 'evil', '', undefined, 42]) {
      expect(insidePath(outside)).toBe('/');
    }
  });
});
