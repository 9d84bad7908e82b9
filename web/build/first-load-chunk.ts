import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The files and folders a stylesheet names with `@source '…'` (not `@source not …`), as absolute paths. */
export function styleSources(css: string, cssFile: string): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, ''); // a @source in a comment names nothing
  return [...code.matchAll(/@source\s+(['"])([^'"]+)\1/g)].map((match) => path.resolve(path.dirname(cssFile), match[2]!));
}

/**
 * The modules under `root` (its code, not its stylesheets) that none of `sources` names, itself or
 * by a folder it is in: code whose classes a stylesheet built from `sources` would lack.
 */
export function unstyled(modules: Iterable<string>, sources: string[], root: string): string[] {
  const inRoot = (id: string) => id.startsWith(root + path.sep);
  const named = (file: string) => sources.some((source) => file === source || file.startsWith(source + path.sep));
  const files = new Set([...modules].map((id) => id.split('?')[0]!));
  return [...files].filter((file) => inRoot(file) && !file.endsWith('.css') && !named(file)).sort();
}

/**
 * One chunk for the code the first page needs beside the entry. Left to itself the bundler puts each
 * group of modules shared by a different set of pages into a chunk of its own, and the home page
 * loads some twenty of them, most under a kilobyte: compressed apart they weigh several KB more than
 * together. This gathers, into the chunk `name`, every module the entry imports and every module
 * `page` imports (statically, at any depth) that another page imports too. The page's own modules
 * stay in its chunk, so other pages do not load them.
 *
 * `styles`, when given, is the stylesheet the first page starts with, built only from the files it
 * names with `@source`: the build fails when code of the first load (the entry and the page, with
 * everything they import) under the stylesheet's folder is not among them, since its classes would
 * be missing until the whole stylesheet comes.
 *
 * Returns the plugin, which reads the module graph once it is built, and the test for the chunk's
 * group (`build.rolldownOptions.output.codeSplitting.groups`).
 */
export function firstLoadChunk(entry: string, page: string, styles?: string): { plugin: Plugin; test: (id: string) => boolean } {
  let shared = new Set<string>();
  const plugin: Plugin = {
    name: 'first-load-chunk',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      /** `from` and every module it imports, at any depth. */
      const closure = (from: string) => {
        const seen = new Set<string>([from]);
        const queue = [from];
        while (queue.length > 0) {
          for (const next of imports(queue.pop()!)) {
            if (!seen.has(next)) {
              seen.add(next);
              queue.push(next);
            }
          }
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      // Every page fetched on demand, but `page`: what they import.
      const elsewhere = new Set<string>();
      for (const id of ids) {
        if (id !== page && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) {
          for (const m of closure(id)) elsewhere.add(m);
        }
      }
      shared = closure(entry);
      const ofPage = closure(page);
      for (const m of ofPage) if (m !== page && elsewhere.has(m)) shared.add(m);
      if (styles) {
        const root = path.dirname(styles);
        const missing = unstyled([...shared, ...ofPage], styleSources(readFileSync(styles, 'utf8'), styles), root);
        if (missing.length > 0) {
          const files = missing.map((file) => path.relative(root, file)).join(', ');
          this.error(`the first load runs code that ${path.basename(styles)} does not name as a @source: ${files}`);
        }
      }
    },
  };
  return { plugin, test: (id) => shared.has(id) };
}
