import path from 'node:path';
import type { HtmlTagDescriptor } from 'vite';

/** What the plugin needs to know of one output chunk. */
type Chunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[] };
export type Output = Chunk | { type: 'asset'; fileName: string; originalFileNames?: readonly string[] };

/**
 * The `<link rel="modulepreload">` tags for the chunk built from `moduleFile` (a page that the
 * router loads on demand) and every chunk it imports, less those `html` already names.
 */
export function routePreloadTags(bundle: Record<string, Output>, moduleFile: string, html: string, base = '/'): HtmlTagDescriptor[] {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const route = chunks.find((chunk) => chunk.facadeModuleId !== null && path.resolve(chunk.facadeModuleId) === path.resolve(moduleFile));
  if (!route) throw new Error(`no chunk was built from ${moduleFile}`);
  const files: string[] = [];
  const queue = [route.fileName];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.includes(file)) continue;
    files.push(file);
    const chunk = chunks.find((item) => item.fileName === file);
    queue.push(...(chunk?.imports ?? []));
  }
  return files
    .filter((file) => !html.includes(`${base}${file}"`))
    .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' }));
}
