import { CATEGORIES, type Category } from './types';

/**
 * The catalogue's whole state lives in its URL
 * (`/parts?q=…&category=…&make=…&model=…&year=…&engine=…&position=…&sort=…&page=…`),
 * so a search can be shared and the back button steps through it. Values the shop would refuse are
 * dropped when the URL is read, so a hand-edited link still shows a page.
 */

/**
 * The orders a buyer can list the parts in. Without a search the default is the newest first; with
 * one it is the best match first (offered only then).
 */
export const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name (A–Z)' },
] as const;

export type Sort = (typeof SORTS)[number]['value'];

export const DEFAULT_SORT: Sort = 'newest';

/** The order a catalogue state lists in when none is chosen: the best match first for a search. */
export function defaultSort(q: string): Sort {
  return q ? 'relevance' : DEFAULT_SORT;
}

/** The orders offered for a catalogue state: "Best match" only with a search. */
export function sortsFor(q: string) {
  return SORTS.filter((sort) => q || sort.value !== 'relevance');
}

/** Parts per catalogue page. */
export const PAGE_SIZE = 12;

/** The longest search the shop accepts, and the year range of its vehicle filter. */
const MAX_SEARCH = 200;
const MAX_NAME = 60;
const MAX_ENGINE = 40;
const FIRST_YEAR = 1950;
const LAST_YEAR = 2100;

/** Where on the vehicle a part goes, for the catalogue's position filter (the shop takes each). */
export const POSITIONS = [
  { value: 'front', label: 'Front' },
  { value: 'rear', label: 'Rear' },
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
] as const;

export type Position = (typeof POSITIONS)[number]['value'];

export type CatalogueQuery = {
  q: string;
  category: Category | '';
  make: string;
  model: string;
  year: number | null;
  /** The vehicle's engine (`1.8L L4`), with a model: parts naming that engine or none. Absent: any engine. */
  engine?: string;
  /** With a make: parts that go there, or fit every position. Absent: any position. */
  position?: Position;
  sort: Sort;
  page: number;
};

export const EMPTY_QUERY: CatalogueQuery = { q: '', category: '', make: '', model: '', year: null, sort: DEFAULT_SORT, page: 1 };

function wholeNumber(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

function name(value: string | null): string {
  const text = (value ?? '').trim();
  return text.length <= MAX_NAME ? text : '';
}

/** Reads the catalogue's state from its URL's query string. */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const wanted = (params.get('category') ?? '').trim().toLowerCase();
  const category = CATEGORIES.find((c) => c.toLowerCase() === wanted) ?? '';
  const make = name(params.get('make'));
  // The shop lists models per make: a model alone means nothing.
  const model = make ? name(params.get('model')) : '';
  const year = wholeNumber(params.get('year'));
  // The shop takes an engine only with a model, and a position only with a make.
  const engine = model ? (params.get('engine') ?? '').trim().replace(/\s+/g, ' ') : '';
  const wantedPosition = (params.get('position') ?? '').trim().toLowerCase();
  const position = make ? POSITIONS.find((p) => p.value === wantedPosition)?.value : undefined;
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH);
  const sort = sortsFor(q).find((s) => s.value === params.get('sort'))?.value ?? defaultSort(q);
  const page = wholeNumber(params.get('page'));
  return {
    q,
    category,
    make,
    model,
    year: year !== null && year >= FIRST_YEAR && year <= LAST_YEAR ? year : null,
    ...(engine && engine.length <= MAX_ENGINE ? { engine } : {}),
    ...(position ? { position } : {}),
    sort,
    page: page !== null && page >= 1 ? page : 1,
  };
}

/** The filters as query parameters, in the URL's order; those not chosen are left out. */
function filterParams(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.make) params.set('make', query.make);
  if (query.make && query.model) params.set('model', query.model);
  if (query.year !== null) params.set('year', String(query.year));
  if (query.make && query.model && query.engine) params.set('engine', query.engine);
  if (query.make && query.position) params.set('position', query.position);
  return params;
}

/** The query string for a catalogue state ("" for the plain catalogue); defaults are left out. */
export function catalogueSearch(query: CatalogueQuery): string {
  const params = filterParams(query);
  if (query.sort !== defaultSort(query.q)) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** A new state with `changes`; any change but the page itself starts again at page 1. */
export function changeQuery(query: CatalogueQuery, changes: Partial<CatalogueQuery>): CatalogueQuery {
  const next = { ...query, page: 1, ...changes };
  // A new search lists in its own default order unless the buyer had chosen another one.
  if ('q' in changes && !('sort' in changes) && query.sort === defaultSort(query.q)) next.sort = defaultSort(next.q);
  if (next.sort === 'relevance' && !next.q) next.sort = DEFAULT_SORT;
  if ('make' in changes && changes.make !== query.make && !('model' in changes)) next.model = '';
  // An engine belongs to one vehicle: another make, model or year leaves it out unless it comes along.
  const vehicleChanged = (['make', 'model', 'year'] as const).some((field) => field in changes && changes[field] !== query[field]);
  if (vehicleChanged && !('engine' in changes)) delete next.engine;
  if (!next.engine) delete next.engine;
  if (!next.position) delete next.position;
  return next;
}

/** The `/api/part` call that answers one catalogue page. */
export function partsApiPath(query: CatalogueQuery): string {
  const params = filterParams(query);
  params.set('sort', query.sort);
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String((query.page - 1) * PAGE_SIZE));
  return `/part?${params}`;
}

/**
 * The `/api/category` call counting each category's parts for the catalogue's other filters (its
 * category aside), so the counts say what choosing a category would list.
 */
export function categoriesApiPath(query: CatalogueQuery): string {
  const params = filterParams({ ...query, category: '' });
  const search = params.toString();
  return search ? `/category?${search}` : '/category';
}

/** How many pages `total` parts fill (at least one, so an empty result still has a page). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** Whether the state filters the catalogue at all (sort and page do not). */
export function isFiltered(query: CatalogueQuery): boolean {
  return Boolean(query.q || query.category || query.make || query.year !== null);
}
