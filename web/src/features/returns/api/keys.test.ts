import { describe, expect, it } from 'vitest';
import { isKeptOnSignOut } from '@/lib/auth';
import { returnPolicyQueryOptions } from './get-return-policy';
import { returnQueryOptions } from './get-return';
import { returnsQueryOptions } from './get-returns';
import { returnKeys } from './keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe('returnKeys', () => {
  it('nest general to specific under all', () => {
    startsWith(returnKeys.list('state=requested'), returnKeys.lists());
    startsWith(returnKeys.detail('12'), returnKeys.details());
    for (const key of [returnKeys.lists(), returnKeys.details(), returnKeys.policy()]) startsWith(key, returnKeys.all);
  });

  it("are the keys the returns' queries ask for", () => {
    expect(returnsQueryOptions({ scope: 'all', state: 'approved', reason: '', limit: 20, offset: 40 }).queryKey).toEqual(
      returnKeys.list('all?state=approved&limit=20&offset=40'),
    );
    expect(returnsQueryOptions({ scope: 'mine', limit: 100, offset: 0 }).queryKey).toEqual(returnKeys.list('mine?limit=100&offset=0'));
    expect(returnQueryOptions('12').queryKey).toEqual(returnKeys.detail('12'));
    expect(returnPolicyQueryOptions().queryKey).toEqual(returnKeys.policy());
  });

  it('are forgotten on sign-in and sign-out: returns are private', () => {
    for (const key of [returnKeys.list('limit=100&offset=0'), returnKeys.detail('12')]) expect(isKeptOnSignOut(key)).toBe(false);
  });
});
