import { describe, expect, it } from 'vitest';
import { firstLoadChunk } from './first-load-chunk';

/** A module graph: each module's static imports, and the modules fetched on demand. */
function built(imports: Record<string, string[]>, lazy: string[]) {
  const { plugin, test } = firstLoadChunk('main', 'home');
  const context = {
    getModuleIds: () => Object.keys(imports)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      id in imports ? { importedIds: imports[id] ?? [], dynamicImporters: lazy.includes(id) ? ['router'] : [] } : null,
  };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return test;
}

describe('firstLoadChunk', () => {
  const graph = {
    main: ['router', 'react'],
    router: [],
    react: [],
    home: ['card', 'banner', 'react'],
    card: ['picture'],
    picture: [],
    banner: [],
    parts: ['card', 'zod'],
    zod: [],
    checkout: ['zod'],
  };
  const inChunk = built(graph, ['home', 'parts', 'checkout']);

  it('gathers the entry and what the first page shares with other pages, at any depth', () => {
    for (const id of ['main', 'router', 'react', 'card', 'picture']) expect(inChunk(id), id).toBe(true);
  });

  it('leaves the first page, its own modules and what only other pages import to their chunks', () => {
    for (const id of ['home', 'banner', 'parts', 'zod', 'checkout']) expect(inChunk(id), id).toBe(false);
  });
});
