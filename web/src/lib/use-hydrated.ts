import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the build's renderer and while React takes over its HTML, true afterwards. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
