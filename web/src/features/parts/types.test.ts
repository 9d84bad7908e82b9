import { describe, expect, expectTypeOf, it } from 'vitest';
import { CATEGORIES, type Category, type Part } from './types';

describe('part types', () => {
  it("take the categories from the API's enum, in the shop's order", () => {
    expect(CATEGORIES[0]).toBe('Brakes');
    expect(CATEGORIES.at(-1)).toBe('Other');
    expectTypeOf<'Wheels & Tyres'>().toExtend<Category>();
    expectTypeOf<string>().not.toExtend<Category>();
    expectTypeOf<Part['category']>().toEqualTypeOf<Category>();
  });
});
