import type { Location } from 'react-router';

/**
 * Where a page's scroll position is kept: each history entry has its own, so Back and Forward return
 * to where a page was left, while a link or the return after signing up (a new entry) opens the page
 * at its top, even on a path seen before. An address opened afresh has no key of its own
 * ("default", the same for every such page): its path stands in, so it never gets another's position.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}
