import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadChunk, styleSources, unstyled } from './first-load-chunk';

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

describe('the first stylesheet names the code of the first load', () => {
  const css = `@import 'tailwindcss' source(none);
@source './main.tsx';
@source "./app/layouts";
/* @source './lib'; */
@source not inline('!card');
@import './styles/theme.css';`;

  it("reads the files and folders it names with @source, not what it leaves out", () => {
    expect(styleSources(css, '/shop/web/src/first-load.css')).toEqual(['/shop/web/src/main.tsx', '/shop/web/src/app/layouts']);
  });

  it('finds the code under its folder that it does not name, itself or by a folder', () => {
    const sources = styleSources(css, '/shop/web/src/first-load.css');
    const modules = [
      '/shop/web/src/main.tsx',
      '/shop/web/src/app/layouts/header.tsx',
      '/shop/web/src/app/layouts-old.tsx',
      '/shop/web/src/lib/lazy.ts?v=1',
      '/shop/web/src/lib/lazy.ts',
      '/shop/web/src/first-load.css',
      '/shop/web/node_modules/react/index.js',
    ];
    expect(unstyled(modules, sources, '/shop/web/src')).toEqual(['/shop/web/src/app/layouts-old.tsx', '/shop/web/src/lib/lazy.ts']);
  });
});

describe('the build', () => {
  it('fails, naming the files, when the first load runs code its stylesheet does not name', () => {
    const src = mkdtempSync(path.join(tmpdir(), 'first-load-'));
    const styles = path.join(src, 'first-load.css');
    writeFileSync(styles, "@import 'tailwindcss' source(none);\n@source './main.tsx';\n@source './home.tsx';\n");
    const at = (file: string) => path.join(src, file);
    const graph: Record<string, string[]> = {
      [at('main.tsx')]: [at('lib/lazy.ts'), styles],
      [at('lib/lazy.ts')]: [],
      [at('home.tsx')]: [at('hero.tsx')],
      [at('hero.tsx')]: [],
      [styles]: [],
    };
    const run = (graph: Record<string, string[]>) => {
      const { plugin } = firstLoadChunk(at('main.tsx'), at('home.tsx'), styles);
      const errors: string[] = [];
      const context = {
        getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
        getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] ?? [], dynamicImporters: id === at('home.tsx') ? ['router'] : [] } : null),
        error: (message: string) => errors.push(message),
      };
      (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
      return errors;
    };
    expect(run(graph)).toEqual(['the first load runs code that first-load.css does not name as a @source: hero.tsx, lib/lazy.ts']);
    writeFileSync(styles, "@import 'tailwindcss' source(none);\n@source './main.tsx';\n@source './home.tsx';\n@source './hero.tsx';\n@source './lib';\n");
    expect(run(graph)).toEqual([]);
  });
});
