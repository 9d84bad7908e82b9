import { describe, expect, it } from 'vitest';
import { isKeptOnSignOut } from '@/lib/auth';
import { makeQueryClient } from '@/lib/query-client';
import { EMPTY_QUERY, partsApiPath } from '../catalogue-query';
import { categoriesQueryOptions } from './get-categories';
import { partQueryOptions } from './get-part';
import { latestPartsQueryOptions } from './get-latest-parts';
import { adminPartsApiPath, adminPartsQueryOptions } from './get-parts';
import { vehiclesQueryOptions } from './get-vehicles';
import { partKeys } from './keys';
import { searchPartsQueryOptions } from './search-parts';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe('partKeys', () => {
  it('nest general to specific: every key is under all, the lists under lists, a part under details', () => {
    const lists = [partKeys.admin(adminPartsApiPath('', 1)), partKeys.latest(3), partKeys.search('/part?limit=12'), partKeys.categories(), partKeys.vehicles()];
    for (const key of lists) {
      startsWith(key, partKeys.lists());
      startsWith(key, partKeys.all);
    }
    startsWith(partKeys.detail('7'), partKeys.details());
    startsWith(partKeys.detail('7'), partKeys.all);
    expect(partKeys.detail('7').slice(0, partKeys.lists().length)).not.toEqual(partKeys.lists());
  });

  it("are the keys the parts' queries ask for", () => {
    expect(adminPartsQueryOptions('pads', 2).queryKey).toEqual(partKeys.admin(adminPartsApiPath('pads', 2)));
    expect(latestPartsQueryOptions(3).queryKey).toEqual(partKeys.latest(3));
    expect(searchPartsQueryOptions(EMPTY_QUERY).queryKey).toEqual(partKeys.search(partsApiPath(EMPTY_QUERY)));
    expect(categoriesQueryOptions().queryKey).toEqual(partKeys.categories());
    expect(vehiclesQueryOptions().queryKey).toEqual(partKeys.vehicles());
    expect(partQueryOptions('7').queryKey).toEqual(partKeys.detail('7'));
  });

  it("refresh every list on a change to the lists, and leave a part's own answer alone", async () => {
    const queryClient = makeQueryClient();
    queryClient.setQueryData(partKeys.search('/part?limit=12'), { items: [], total: 0 });
    queryClient.setQueryData(partKeys.categories(), []);
    queryClient.setQueryData(partKeys.admin(adminPartsApiPath('', 2)), { items: [], total: 0, page: 2 });
    queryClient.setQueryData(partKeys.detail('7'), { _id: '7' });
    await queryClient.invalidateQueries({ queryKey: partKeys.lists() });
    expect(queryClient.getQueryState(partKeys.search('/part?limit=12'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(partKeys.categories())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(partKeys.admin(adminPartsApiPath('', 2)))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(partKeys.detail('7'))?.isInvalidated).toBe(false);
  });

  it('are kept on sign-in and sign-out: the catalogue is the same for everyone', () => {
    expect(isKeptOnSignOut(partKeys.detail('7'))).toBe(true);
    expect(isKeptOnSignOut(partKeys.search('/part?limit=12'))).toBe(true);
  });
});
