import { describe, expectTypeOf, it } from 'vitest';
import type { Narrowed } from './types';

describe('Narrowed', () => {
  it("is the document's type when it names the values, else the web's own", () => {
    expectTypeOf<Narrowed<string, 'a' | 'b'>>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<Narrowed<'x' | 'y', 'a' | 'b'>>().toEqualTypeOf<'x' | 'y'>();
  });
});
