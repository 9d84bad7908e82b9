/** The profile's query keys, general to specific: invalidating a key refreshes every query under it. */
export const profileKeys = {
  all: ['profile'] as const,
  /** The signed-in user's own profile. */
  own: () => [...profileKeys.all, 'own'] as const,
};
