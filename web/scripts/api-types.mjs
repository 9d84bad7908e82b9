// The web's API types, generated from the checked-in snapshot of the shop's OpenAPI document
// (src/api/openapi.json, written by `shop openapi`: run `make api-types`):
//
// - src/api/schema.d.ts: openapi-typescript's types of every path and schema, exactly as its CLI
//   writes them (`openapi-typescript src/api/openapi.json -o src/api/schema.d.ts`);
// - src/api/enums.ts: the values of the document's enums (the part categories, say), for the
//   places that need them at run time, such as a select's options.
//
// `node scripts/api-types.mjs` (npm run gen:api) writes both files; with `--check`
// (npm run check:api) it writes nothing and fails when either differs from what it would write.
// src/api/api-types.test.ts runs the same check in the unit tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const WEB_DIR = path.resolve(import.meta.dirname, '..');
const API_DIR = path.join(WEB_DIR, 'src', 'api');

/** The snapshot of the shop's OpenAPI document. */
export const SPEC_FILE = path.join(API_DIR, 'openapi.json');
/** openapi-typescript's types of the document. */
export const SCHEMA_FILE = path.join(API_DIR, 'schema.d.ts');
/** The document's enum values. */
export const ENUMS_FILE = path.join(API_DIR, 'enums.ts');

/** The message for a checked-in file that generation would change. */
export function staleMessage(file) {
  return `${path.relative(path.dirname(WEB_DIR), file)} is stale: run \`make api-types\``;
}

/**
 * The Redocly configuration openapi-typescript's CLI validates a document with (the Node API's own
 * default is stricter: it refuses a document whose operation ids repeat).
 */
async function cliRedoclyConfig() {
  const fromOpenapiTS = createRequire(createRequire(import.meta.url).resolve('openapi-typescript'));
  const { createConfig } = await import(pathToFileURL(fromOpenapiTS.resolve('@redocly/openapi-core')).href);
  return createConfig({}, { extends: ['minimal'] });
}

/**
 * What openapi-typescript makes of the snapshot with its CLI's defaults, the same text as
 * `openapi-typescript src/api/openapi.json -o src/api/schema.d.ts`: src/api/schema.d.ts.
 */
export async function generateSchemaTypes() {
  const ast = await openapiTS(pathToFileURL(SPEC_FILE), {
    redocly: await cliRedoclyConfig(),
    silent: true,
  });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

const COMPOSITIONS = ['anyOf', 'oneOf', 'allOf'];
const SCHEMA_REF = '#/components/schemas/';

/**
 * The enum values (null left out) `schema` may take: its own, those inside its anyOf/oneOf/allOf,
 * and those of the enum schemas it refers to (`$ref`).
 */
function enumValues(doc, schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object') return [];
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(SCHEMA_REF)) {
    const name = schema.$ref.slice(SCHEMA_REF.length);
    if (seen.has(name)) return [];
    return enumValues(doc, doc.components?.schemas?.[name], new Set([...seen, name]));
  }
  const values = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : [];
  for (const key of COMPOSITIONS) {
    if (Array.isArray(schema[key])) values.push(...schema[key].flatMap((choice) => enumValues(doc, choice, seen)));
  }
  return [...new Set(values)];
}

/**
 * The document's enums, by schema: a schema that is an enum itself answers its values; an object
 * schema answers, by property, the values of each property that is (or may be) an enum.
 */
export function documentEnums(doc) {
  const enums = {};
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    const own = enumValues(doc, schema, new Set([name]));
    if (own.length > 0) {
      enums[name] = own;
      continue;
    }
    const properties = {};
    for (const [property, value] of Object.entries(schema.properties ?? {})) {
      const values = enumValues(doc, value, new Set([name]));
      if (values.length > 0) properties[property] = values;
    }
    if (Object.keys(properties).length > 0) enums[name] = properties;
  }
  return enums;
}

/** src/api/enums.ts for the snapshot. */
export function generateEnums() {
  const doc = JSON.parse(readFileSync(SPEC_FILE, 'utf8'));
  return `// Generated from src/api/openapi.json by scripts/api-types.mjs (\`npm run gen:api\`).
// Do not make direct changes to the file.

/**
 * The enums of the OpenAPI document's schemas: a schema that is an enum answers its values; an
 * object schema answers, by property, the values each property may take (null left out), its
 * references to enum schemas followed.
 */
export const schemaEnums = ${JSON.stringify(documentEnums(doc), null, 2)} as const;
`;
}

/** Every generated file with the text generation gives now. */
export async function generateApiFiles() {
  return [
    { file: SCHEMA_FILE, text: await generateSchemaTypes() },
    { file: ENUMS_FILE, text: generateEnums() },
  ];
}

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

async function main() {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, text } of await generateApiFiles()) {
    const name = path.relative(process.cwd(), file);
    if (check) {
      if (read(file) !== text) {
        console.error(staleMessage(file));
        stale += 1;
      }
    } else {
      writeFileSync(file, text);
      console.log(`wrote ${name}`);
    }
  }
  if (stale > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
