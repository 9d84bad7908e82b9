import type { Plugin } from 'vite';

/**
 * One chunk for the code the first page needs beside the entry. Left to itself the bundler puts each
 * group of modules shared by a different set of pages into a chunk of its own, and the home page
 * loads some twenty of them, most under a kilobyte: compressed apart they weigh several KB more than
 * together. This gathers, into the chunk `name`, every module the entry imports and every module
 * `page` imports (statically, at any depth) that another page imports too. The page's own modules
 * stay in its chunk, so other pages do not load them.
 *
 * Returns the plugin, which reads the module graph once it is built, and the test for the chunk's
 * group (`build.rolldownOptions.output.codeSplitting.groups`).
 */
export function firstLoadChunk(entry: string, page: string): { plugin: Plugin; test: (id: string) => boolean } {
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
      for (const m of closure(page)) if (m !== page && elsewhere.has(m)) shared.add(m);
    },
  };
  return { plugin, test: (id) => shared.has(id) };
}
