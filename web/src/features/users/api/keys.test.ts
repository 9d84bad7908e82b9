import { describe, expect, it } from 'vitest';
import { isKeptOnSignOut } from '@/lib/auth';
import { usersQueryOptions } from './get-users';
import { userKeys } from './keys';

describe('userKeys', () => {
  it('nest the list under all, and are forgotten on sign-out', () => {
    expect(userKeys.list().slice(0, userKeys.all.length)).toEqual(userKeys.all);
    expect(usersQueryOptions().queryKey).toEqual(userKeys.list());
    expect(isKeptOnSignOut(userKeys.list())).toBe(false);
  });
});
