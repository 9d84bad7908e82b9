/** The attribute of `#root` that names the path whose page the build rendered into it. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Whether `root` holds the build's HTML of the page at `location`. A query string (catalogue
 * filters, say) or another path means the HTML shows something else: it is drawn afresh instead.
 */
export function isPrerenderedFor(root: Element, location: Pick<Location, 'pathname' | 'search'>): boolean {
  const path = root.getAttribute(PRERENDERED_ATTRIBUTE);
  return path !== null && path === location.pathname && location.search === '';
}
