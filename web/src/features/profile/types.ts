import type { Profile as ApiProfile, ProfileRequest } from '@/api/types';

/** The signed-in user's profile (one per user). */
export type Profile = ApiProfile;

export type ProfileInput = ProfileRequest;
