import { describe, expect, it } from 'vitest';
import { authKeys, isKeptOnSignOut, signOutLocally, userQueryOptions } from './auth';
import { configKeys, configQueryOptions } from './config';
import { makeQueryClient } from './query-client';

describe('session query keys', () => {
  it('nest the user and the admin checks under all', () => {
    expect(authKeys.me().slice(0, authKeys.all.length)).toEqual(authKeys.all);
    expect(authKeys.admin('ann@example.com').slice(0, authKeys.admins().length)).toEqual(authKeys.admins());
    expect(userQueryOptions().queryKey).toEqual(authKeys.me());
    expect(configQueryOptions().queryKey).toEqual(configKeys.all);
  });

  it('keep the config and the user on sign-out, and forget the admin checks', () => {
    const queryClient = makeQueryClient();
    queryClient.setQueryData(configKeys.all, { shopName: 'Parts Garage' });
    queryClient.setQueryData(authKeys.me(), { email: 'ann@example.com' });
    queryClient.setQueryData(authKeys.admin('ann@example.com'), false);
    signOutLocally(queryClient);
    expect(queryClient.getQueryData(configKeys.all)).toEqual({ shopName: 'Parts Garage' });
    expect(queryClient.getQueryData(authKeys.me())).toBeNull();
    expect(queryClient.getQueryState(authKeys.admin('ann@example.com'))).toBeUndefined();
    expect(isKeptOnSignOut(authKeys.admin('ann@example.com'))).toBe(false);
  });
});
