import { describe, expect, it } from 'vitest';
import { isKeptOnSignOut } from '@/lib/auth';
import { profileQueryOptions } from './get-profile';
import { profileKeys } from './keys';

describe('profileKeys', () => {
  it("nest the user's own profile under all, and are forgotten on sign-out", () => {
    expect(profileKeys.own().slice(0, profileKeys.all.length)).toEqual(profileKeys.all);
    expect(profileQueryOptions().queryKey).toEqual(profileKeys.own());
    expect(isKeptOnSignOut(profileKeys.own())).toBe(false);
  });
});
