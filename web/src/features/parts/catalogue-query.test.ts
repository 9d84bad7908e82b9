import { describe, expect, it } from 'vitest';
import {
  catalogueSearch,
  categoriesApiPath,
  changeQuery,
  EMPTY_QUERY,
  isFiltered,
  pageCount,
  parseCatalogueQuery,
  partsApiPath,
  sortsFor,
} from './catalogue-query';

const parse = (search: string) => parseCatalogueQuery(new URLSearchParams(search));

describe('catalogue URL', () => {
  it('reads every filter from the query string and writes the same string back', () => {
    const search = '?q=brake+pads&category=Brakes&make=Toyota&model=Corolla&year=2015&sort=price_asc&page=3';
    const query = parse(search);
    expect(query).toEqual({ q: 'brake pads', category: 'Brakes', make: 'Toyota', model: 'Corolla', year: 2015, sort: 'price_asc', page: 3 });
    expect(catalogueSearch(query)).toBe(search);
  });

  it('is empty for the plain catalogue: the default sort and the first page are left out', () => {
    expect(parse('')).toEqual(EMPTY_QUERY);
    expect(catalogueSearch(EMPTY_QUERY)).toBe('');
    expect(catalogueSearch({ ...EMPTY_QUERY, sort: 'newest', page: 1 })).toBe('');
  });

  it('drops values the shop would refuse, so a hand-edited link still shows a page', () => {
    expect(parse('?category=Spaceships&sort=random&year=abc&page=0')).toEqual(EMPTY_QUERY);
    expect(parse('?year=1949').year).toBeNull();
    expect(parse('?year=2101').year).toBeNull();
    expect(parse('?page=-2').page).toBe(1);
    // A model means nothing without its make.
    expect(parse('?model=Corolla')).toEqual(EMPTY_QUERY);
    expect(parse(`?q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });

  it('matches a category in any case and keeps the shop spelling', () => {
    expect(parse('?category=wheels+%26+tyres').category).toBe('Wheels & Tyres');
  });

  it('goes back to page 1 on any change but the page, and forgets the model when the make changes', () => {
    const query = parse('?make=Toyota&model=Corolla&year=2015&page=4');
    expect(changeQuery(query, { q: 'filter' })).toMatchObject({ q: 'filter', page: 1, model: 'Corolla' });
    expect(changeQuery(query, { page: 5 }).page).toBe(5);
    expect(changeQuery(query, { make: 'Honda' })).toMatchObject({ make: 'Honda', model: '', year: 2015 });
    expect(changeQuery(query, { make: 'Honda', model: 'Civic' }).model).toBe('Civic');
  });

  it('asks the API for one page of 12 in the chosen order', () => {
    expect(partsApiPath(parse('?q=04465 33450&category=Brakes&make=Toyota&model=Corolla&year=2015&sort=name&page=3'))).toBe(
      '/part?q=04465+33450&category=Brakes&make=Toyota&model=Corolla&year=2015&sort=name&limit=12&offset=24',
    );
    expect(partsApiPath(EMPTY_QUERY)).toBe('/part?sort=newest&limit=12&offset=0');
  });

  it('counts pages and tells a filtered catalogue from a sorted one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    expect(isFiltered(parse('?sort=name&page=2'))).toBe(false);
    expect(isFiltered(parse('?year=2015'))).toBe(true);
  });

  it("reads and writes the vehicle's engine and the position, each only where the shop takes it", () => {
    const search = '?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4&position=front';
    const query = parse(search);
    expect(query).toMatchObject({ make: 'Toyota', model: 'Corolla', year: 2014, engine: '1.8L L4', position: 'front' });
    expect(catalogueSearch(query)).toBe(search);
    expect(partsApiPath(query)).toBe('/part?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4&position=front&sort=newest&limit=12&offset=0');
    // An engine needs a model and a position a make; a position the shop does not know is dropped.
    expect(parse('?make=Toyota&engine=1.8L+L4').engine).toBeUndefined();
    expect(parse('?position=rear').position).toBeUndefined();
    expect(parse('?make=Toyota&position=Rear').position).toBe('rear');
    expect(parse('?make=Toyota&position=middle').position).toBeUndefined();
    expect(parse(`?make=Toyota&model=Corolla&engine=${'1'.repeat(41)}`).engine).toBeUndefined();
  });

  it('drops the engine when another vehicle is chosen, unless it comes along', () => {
    const query = parse('?make=Toyota&model=Corolla&year=2014&engine=1.8L+L4&position=front');
    expect(changeQuery(query, { q: 'pads' })).toMatchObject({ engine: '1.8L L4', position: 'front' });
    expect(changeQuery(query, { year: 2015 }).engine).toBeUndefined();
    expect(changeQuery(query, { year: 2015 }).position).toBe('front');
    expect(changeQuery(query, { make: 'Honda' }).engine).toBeUndefined();
    expect(changeQuery(query, { year: 2015, engine: '2.0L L4' }).engine).toBe('2.0L L4');
    expect(changeQuery(query, { engine: undefined })).not.toHaveProperty('engine');
    expect(changeQuery(query, { position: undefined })).not.toHaveProperty('position');
  });

  it('lists a search best match first unless another order is chosen, and offers that order only with a search', () => {
    expect(parse('?q=brake+pads').sort).toBe('relevance');
    expect(catalogueSearch(parse('?q=brake+pads'))).toBe('?q=brake+pads');
    expect(partsApiPath(parse('?q=brake+pads'))).toBe('/part?q=brake+pads&sort=relevance&limit=12&offset=0');
    expect(catalogueSearch(parse('?q=brake+pads&sort=newest'))).toBe('?q=brake+pads&sort=newest');
    // Without a search there is nothing to match: the newest first.
    expect(parse('?sort=relevance').sort).toBe('newest');
    expect(sortsFor('').map((s) => s.value)).not.toContain('relevance');
    expect(sortsFor('pads')[0]).toEqual({ value: 'relevance', label: 'Best match' });
    // A new search takes its default order, unless the buyer chose one.
    expect(changeQuery(EMPTY_QUERY, { q: 'pads' }).sort).toBe('relevance');
    expect(changeQuery(parse('?q=pads'), { q: '' }).sort).toBe('newest');
    expect(changeQuery(parse('?sort=price_asc'), { q: 'pads' }).sort).toBe('price_asc');
    expect(changeQuery(parse('?q=pads&sort=name'), { q: 'discs' }).sort).toBe('name');
  });

  it('counts the categories for the other filters, its own category aside', () => {
    expect(categoriesApiPath(EMPTY_QUERY)).toBe('/category');
    expect(categoriesApiPath(parse('?q=pads&category=Brakes&make=Toyota&model=Corolla&year=2015&sort=name&page=2'))).toBe(
      '/category?q=pads&make=Toyota&model=Corolla&year=2015',
    );
  });
});
