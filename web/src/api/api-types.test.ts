import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentEnums, generateApiFiles, staleMessage } from '../../scripts/api-types.mjs';

describe('generated API types', () => {
  it('match the checked-in OpenAPI document (else run `make api-types`)', async () => {
    // The same comparison as `npm run check:api`: openapi-typescript's Node API on the snapshot.
    for (const { file, text } of await generateApiFiles()) {
      expect(readFileSync(file, 'utf8') === text, staleMessage(file)).toBe(true);
    }
  }, 30_000);

  it("collects a schema's own enum and its properties' enums, inside anyOf/oneOf and $refs, null left out", () => {
    const doc = {
      components: {
        schemas: {
          Role: { type: 'string', enum: ['admin', 'user'] },
          Thing: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              kind: { oneOf: [{ type: 'null' }, { anyOf: [{ enum: ['a', 'b'] }, { type: 'string', pattern: '^ *$' }] }] },
              size: { type: ['string', 'null'], enum: ['s', 'm', null] },
              role: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Role' }] },
              self: { $ref: '#/components/schemas/Thing' },
            },
          },
          Plain: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
    };
    expect(documentEnums(doc)).toEqual({
      Role: ['admin', 'user'],
      Thing: { kind: ['a', 'b'], size: ['s', 'm'], role: ['admin', 'user'] },
    });
  });
});
