import { describe, expect, it } from 'vitest';
import { isKeptOnSignOut } from '@/lib/auth';
import { reviewsQueryOptions } from './get-reviews';
import { reviewKeys } from './keys';

describe('reviewKeys', () => {
  it('nest a page size under the lists, under all', () => {
    expect(reviewKeys.list(6).slice(0, reviewKeys.lists().length)).toEqual(reviewKeys.lists());
    expect(reviewKeys.lists().slice(0, reviewKeys.all.length)).toEqual(reviewKeys.all);
    expect(reviewsQueryOptions(6).queryKey).toEqual(reviewKeys.list(6));
  });

  it('are kept on sign-in and sign-out: reviews are the same for everyone', () => {
    expect(isKeptOnSignOut(reviewKeys.list(6))).toBe(true);
  });
});
