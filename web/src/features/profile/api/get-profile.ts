import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { Profile } from '../types';
import { profileKeys } from './keys';

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.own(),
    queryFn: async (): Promise<Profile | null> => {
      try {
        return await api.get<Profile>('/profile');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null; // nothing saved yet
        throw error;
      }
    },
    staleTime: 0,
  });

/** The user's own saved profile, or null before the first save. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
