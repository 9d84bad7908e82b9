import { useDeferredValue, useEffect, useId, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories';
import { useSearchParts } from '../api/search-parts';
import {
  catalogueSearch,
  changeQuery,
  EMPTY_QUERY,
  isFiltered,
  pageCount,
  PAGE_SIZE,
  parseCatalogueQuery,
  POSITIONS,
  sortsFor,
  categoriesApiPath,
  DEFAULT_SORT,
  type CatalogueQuery,
  type Position,
  type Sort,
} from '../catalogue-query';
import { CATALOGUE_CHANGE, isCatalogueChange, rememberChoice, rememberSavedVehicle, savedVehicleApplies, showsVehicle } from '../saved-vehicle-filter';
import { CATEGORIES, type Category, type Part } from '../types';
import { formatVehicle, useVehicle, type Vehicle } from '@/lib/vehicle';
import { PartCard } from './part-card';
import { SearchWords } from '@/components/ui/search-words';
import { VehiclePicker, type VehicleFinder } from './vehicle-picker';

const href = (query: CatalogueQuery) => paths.parts.getHref(catalogueSearch(query));

/** The catalogue without filters, in the order chosen (the best match needs a search). */
const cleared = (query: CatalogueQuery): CatalogueQuery => ({ ...EMPTY_QUERY, sort: query.sort === 'relevance' ? DEFAULT_SORT : query.sort });

/** A second button on each part's card (the cart's "Add to cart"), from the page that shows the catalogue. */
type CardAction = (part: Part) => ReactNode;

/**
 * The catalogue: search, category, vehicle (and where on it), sort and pages, all kept in the URL.
 * `vehicleFinder` is another way to name the vehicle than its selects (the VIN box).
 */
export function PartsCatalogue({ cardAction, vehicleFinder }: { cardAction?: CardAction; vehicleFinder?: VehicleFinder }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { state, key } = useLocation();
  const stored = useVehicle();
  const query = parseCatalogueQuery(params);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const go = (changes: Partial<CatalogueQuery>) => {
    const next = changeQuery(query, changes);
    rememberChoice(next, stored);
    void navigate(href(next), { state: CATALOGUE_CHANGE });
  };
  const clearFilters = () => rememberSavedVehicle(false);
  // A vehicle found by its VIN leads on to its parts: once the catalogue has moved to them (and
  // the page's scroll was set for the new address), the results' heading takes focus, in view. On a
  // phone the results are below every filter.
  const revealResults = useRef(false);
  useEffect(() => {
    if (!revealResults.current) return;
    revealResults.current = false;
    resultsHeading.current?.focus();
  }, [key]);

  // Coming to the catalogue (from a link, the address bar, the header) without a vehicle: the saved
  // vehicle applies, unless the buyer turned it off in this session. The catalogue's own changes
  // never bring it back.
  const arrivesWithoutVehicle = !isCatalogueChange(state) && !query.make;
  const applied = stored && arrivesWithoutVehicle ? href(changeQuery(query, { make: stored.make, model: stored.model, year: stored.year, engine: stored.engine })) : null;
  useEffect(() => {
    if (applied && savedVehicleApplies()) void navigate(applied, { replace: true });
  }, [applied, navigate]);

  return (
    <div className="grid gap-8 lg:grid-cols-[17rem_minmax(0,1fr)]">
      {showsVehicle(query, stored) ? <SavedVehicleBanner vehicle={stored} onShowAll={() => go({ make: '', model: '', year: null })} /> : null}
      <aside aria-label="Filters" className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
        <SearchBox
          key={query.q}
          value={query.q}
          onSearch={(q) => {
            go({ q });
            // The search box is drawn anew for the new words, which would leave focus nowhere: it goes
            // to the results' heading instead, whose count is announced once the results arrive.
            resultsHeading.current?.focus();
          }}
        />
        <CategorySelect query={query} onChange={(category) => go({ category })} />
        <VehiclePicker
          value={query}
          onChange={(vehicle) => go(vehicle)}
          finder={vehicleFinder}
          onFound={() => {
            revealResults.current = true;
          }}
        />
        {query.make ? <PositionSelect value={query.position} onChange={(position) => go({ position })} /> : null}
        {isFiltered(query) ? (
          <Link to={href(cleared(query))} state={CATALOGUE_CHANGE} onClick={clearFilters} className="btn btn-sm btn-ghost self-start">
            Clear filters
          </Link>
        ) : null}
      </aside>
      <Results query={query} onSort={(sort) => go({ sort })} onClearFilters={clearFilters} cardAction={cardAction} headingRef={resultsHeading} />
    </div>
  );
}

/** Says that the saved vehicle filters the list, with the way to every part. */
function SavedVehicleBanner({ vehicle, onShowAll }: { vehicle: Vehicle; onShowAll: () => void }) {
  return (
    <div className="alert alert-info alert-soft flex flex-wrap items-center justify-between gap-3 lg:col-span-2">
      <p>
        Showing parts for your <span className="font-semibold">{formatVehicle(vehicle)}</span>
      </p>
      <button type="button" className="btn btn-sm btn-outline" onClick={onShowAll}>
        Show all parts
      </button>
    </div>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  return (
    <form
      role="search"
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Search parts
      </label>
      <SearchWords id={id} value={value} />
    </form>
  );
}

/** The categories, each with how many parts the other filters would list in it. */
function CategorySelect({ query, onChange }: { query: CatalogueQuery; onChange: (category: Category | '') => void }) {
  const id = useId();
  const value = query.category;
  const categories = useCategories(categoriesApiPath(query));
  const counts = new Map(categories.data?.map((c) => [c.name, c.count]));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        Category
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as Category | '')}>
        <option value="">All categories</option>
        {CATEGORIES.map((name) => (
          <option key={name} value={name}>
            {counts.has(name) ? `${name} (${counts.get(name)})` : name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Where on the vehicle the part goes, offered once a vehicle is chosen: parts for every position stay listed. */
function PositionSelect({ value, onChange }: { value: Position | undefined; onChange: (position: Position | undefined) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        Position
      </label>
      <Select id={id} value={value ?? ''} aria-describedby={`${id}-hint`} onChange={(e) => onChange((e.target.value || undefined) as Position | undefined)}>
        <option value="">Any position</option>
        {POSITIONS.map((position) => (
          <option key={position.value} value={position.value}>
            {position.label}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        Parts that fit every position stay listed.
      </p>
    </div>
  );
}

const noSubscription = () => () => {};

/**
 * True while React takes over the build's HTML (and in the build's renderer), false afterwards and
 * on any page drawn in the browser.
 */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** Cards in the catalogue's widest row (three columns from `xl`): their pictures load at once. */
const FIRST_ROW = 3;

/** Narrower than `lg`, where the filters stand above the results rather than beside them. */
const STACKED = '(max-width: 63.999rem)';

type ResultsProps = {
  query: CatalogueQuery;
  onSort: (sort: Sort) => void;
  onClearFilters: () => void;
  cardAction?: CardAction | undefined;
  /** The results' heading, which a search moves focus to. */
  headingRef: RefObject<HTMLHeadingElement | null>;
};

function Results({ query, onSort, onClearFilters, cardAction, headingRef }: ResultsProps) {
  const parts = useSearchParts(query);
  const { state } = useLocation();
  const search = catalogueSearch(query);
  // After the buyer changes a filter on a phone (where the filters stand above the results), the
  // results come into view, and the focus with them.
  useEffect(() => {
    if (!isCatalogueChange(state) || !window.matchMedia?.(STACKED).matches) return;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [search, state, headingRef]);
  // While the build's HTML is hydrated the list is what the build rendered (no answer yet), even
  // when the page brought the answer with it. The cards are then drawn in a render of their own
  // that React may interrupt (in slices of a few milliseconds), so they are no long task that
  // would block a tap meanwhile.
  const hydrating = useHydrating();
  const result = useDeferredValue(hydrating ? undefined : parts.data);
  const sortId = useId();
  const loaded = result !== undefined;
  const total = result?.total ?? 0;
  const pages = pageCount(total);
  const first = (query.page - 1) * PAGE_SIZE + 1;
  const shown = result?.items ?? [];

  return (
    <section aria-labelledby="catalogue-results" className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="catalogue-results" ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold focus:outline-none" aria-live="polite">
          {loaded
            ? total === 0
              ? 'No parts found'
              : shown.length === 0
                ? `${total} ${total === 1 ? 'part' : 'parts'}`
                : `Showing ${first}–${first + shown.length - 1} of ${total} ${total === 1 ? 'part' : 'parts'}`
            : 'Parts'}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-semibold">
            Sort by
          </label>
          <Select id={sortId} compact value={query.sort} onChange={(e) => onSort(e.target.value as Sort)}>
            {sortsFor(query.q).map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {/* A misspelt word was read as the catalogue's word: say so, as a buyer would want to know. */}
      {result?.corrected ? (
        <p className="-mt-4 text-sm text-base-content/80">
          Showing results for <strong className="font-semibold">{result.corrected}</strong>
        </p>
      ) : null}
      {!loaded && !parts.isError ? <Spinner label="Loading parts" /> : null}
      {parts.isError ? <ErrorBox error={parts.error} onRetry={() => void parts.refetch()} /> : null}
      {loaded && shown.length === 0 ? <NoParts query={query} total={total} onClearFilters={onClearFilters} /> : null}
      {shown.length > 0 ? (
        <ul className={`grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3 ${parts.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={parts.isFetching}>
          {shown.map((part, index) => (
            // Cards past the first row are laid out only when scrolled near (content-visibility),
            // at a card's usual height meanwhile (its width is the column's): less work while the page opens.
            <li key={part._id} className={index < FIRST_ROW ? undefined : '[contain-intrinsic-block-size:auto_34rem] [content-visibility:auto]'}>
              <PartCard
                part={part}
                picture={index === 0 ? 'first' : index < FIRST_ROW ? 'eager' : 'lazy'}
                action={cardAction?.(part)}
                details={
                  <div className="flex flex-col gap-1 text-xs text-base-content/70">
                    <p>
                      <span className="font-mono">{part.sku}</span> · {part.category}
                      {/* The superseded number the search found it by. */}
                      {part.matchedReplaced ? (
                        <>
                          {' · '}
                          <span className="font-semibold text-base-content">
                            replaces <span className="font-mono">{part.matchedReplaced}</span>
                          </span>
                        </>
                      ) : null}
                    </p>
                    {/* The OEM numbers, so a buyer sees why a search by number found it. */}
                    {part.oemNumbers.length > 0 ? (
                      <p>
                        OEM <span className="font-mono">{part.oemNumbers.join(', ')}</span>
                      </p>
                    ) : null}
                  </div>
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {loaded && pages > 1 && shown.length > 0 ? <Pagination query={query} pages={pages} /> : null}
    </section>
  );
}

function NoParts({ query, total, onClearFilters }: { query: CatalogueQuery; total: number; onClearFilters: () => void }) {
  if (total > 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p className="font-semibold">There is no page {query.page} for this search.</p>
        <Link to={href({ ...query, page: 1 })} state={CATALOGUE_CHANGE} className="btn btn-primary mt-4">
          Go to the first page
        </Link>
      </div>
    );
  }
  return (
    <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
      <p className="font-semibold">{isFiltered(query) ? 'No parts match your search.' : 'No parts are listed yet. Please check back soon.'}</p>
      {isFiltered(query) ? (
        <>
          <p className="mt-2 text-sm text-base-content/75">Try fewer words, another category or another vehicle.</p>
          <Link to={href(cleared(query))} state={CATALOGUE_CHANGE} onClick={onClearFilters} className="btn btn-primary mt-4">
            Clear filters
          </Link>
        </>
      ) : null}
    </div>
  );
}

function Pagination({ query, pages }: { query: CatalogueQuery; pages: number }) {
  const { page } = query;
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href({ ...query, page: page - 1 })} state={CATALOGUE_CHANGE} className="btn btn-sm" rel="prev">
          Previous page
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-disabled="true">
          Previous page
        </span>
      )}
      <span className="px-2 text-sm">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href({ ...query, page: page + 1 })} state={CATALOGUE_CHANGE} className="btn btn-sm" rel="next">
          Next page
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-disabled="true">
          Next page
        </span>
      )}
    </nav>
  );
}
