import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type AliasOptions, type Plugin } from 'vite';
import { routePreloadTags, type Output } from './preload-route.ts';

/** A public page the build renders to HTML. */
export type Page = {
  /** Its address, e.g. "/parts". */
  path: string;
  /** The file under the output folder that the server answers for it, e.g. "parts/index.html". */
  file: string;
  /** The route module that shows it, whose chunks the HTML preloads. */
  module: string;
  /** The browser tab's title, as the page's PageTitle sets it. */
  title: string;
  /**
   * The API answer the page starts from (a path under /api), which the shop puts into the page's
   * empty page-data script when it answers the page (see src/app/page-data.ts).
   */
  data?: string;
};

type Render = (path: string) => Promise<{ html: string; status: number }>;
type Entry = { render: Render; PRERENDERED_ATTRIBUTE: string };

const ROOT = '<div id="root"></div>';

/** The id of the page-data script (src/app/page-data.ts). */
const PAGE_DATA_ID = 'page-data';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The HTML of one page: the built index.html with the page rendered into `#root` (marked with the
 * path, so the app hydrates it only there), its title, and preloads for the page's own chunks.
 */
export function pageHtml(
  template: string,
  page: { path: string; title: string; data?: string | undefined },
  rendered: string,
  attribute: string,
  preloads: string[],
): string {
  if (!template.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to render into`);
  if (page.data !== undefined && !page.data.startsWith('/api/')) throw new Error(`${page.path}: its data must come from /api, not ${page.data}`);
  const links = [
    // The shop fills it with the answer, and adds a preload of its first picture.
    ...(page.data === undefined ? [] : [`<script type="application/json" id="${PAGE_DATA_ID}" data-api="${escapeHtml(page.data)}"></script>`]),
    ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => (links ? `  ${links}\n  </head>` : '</head>'))
    .replace(ROOT, () => `<div id="root" ${attribute}="${escapeHtml(page.path)}">${rendered}</div>`);
}

/**
 * The stylesheet (CSS file) the build made of `cssFile`, imported for its address (`?url`), found
 * by its origin.
 */
export function stylesheetOf(bundle: Record<string, Output>, cssFile: string, root: string): string {
  const made = (name: string) => path.resolve(root, name) === path.resolve(cssFile);
  const css = Object.values(bundle).filter(
    (item) => item.type === 'asset' && item.fileName.endsWith('.css') && (item.originalFileNames ?? []).some(made),
  );
  if (css.length !== 1) throw new Error(`expected one stylesheet built from ${path.relative(root, cssFile)}, found ${css.length}`);
  return css[0]!.fileName;
}

/** `html` with its stylesheet links replaced by one link to `href`. */
export function withStylesheet(html: string, href: string): string {
  const links = /<link rel="stylesheet"[^>]*>/g;
  if (!links.test(html)) throw new Error('index.html links no stylesheet');
  let first = true;
  return html.replace(links, () => {
    if (!first) return '';
    first = false;
    return `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`;
  });
}

/** The stylesheets of the server build: none (see `prerender`). */
export function noStyles(id: string): string | null {
  const [file, query = ''] = id.split('?');
  if (!file!.endsWith('.css')) return null;
  return new URLSearchParams(query).has('url') ? 'export default "";' : '';
}

/**
 * After the browser build, renders `pages` with React's server renderer (a server build of `entry`
 * in a temporary folder) into copies of index.html, so they show without running any script. The
 * built index.html itself, unrendered, is kept as `shell` for every other page, which the app
 * draws in the browser. Runs in `writeBundle`, before the precompress plugin's `closeBundle`, so
 * the pages get their compressed copies too.
 *
 * index.html links the first page's own stylesheet (src/first-load.css); every other page, the
 * shell included, links instead the whole app's, built from `stylesheet` (src/whole.css).
 */
export function prerender({
  entry,
  pages,
  shell,
  alias,
  stylesheet,
}: {
  entry: string;
  pages: Page[];
  shell: string;
  alias: AliasOptions;
  stylesheet: string;
}): Plugin {
  let root = process.cwd();
  return {
    name: 'parts-garage:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) throw new Error('prerender needs an output folder');
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      // Under node_modules, so that the server build's imports of react and the rest resolve.
      mkdirSync(path.join(root, 'node_modules', '.cache'), { recursive: true });
      const ssrDir = mkdtempSync(path.join(root, 'node_modules', '.cache', 'prerender-'));
      try {
        await build({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias },
          root,
          build: { ssr: entry, outDir: ssrDir, emptyOutDir: true, minify: false, copyPublicDir: false },
          // The renderer writes HTML only: a stylesheet the code imports is empty here, and one it
          // asks the address of (`?url`) has none.
          plugins: [{ name: 'parts-garage:no-styles', enforce: 'pre', load: noStyles }],
        });
        const file = readdirSync(ssrDir).find((name) => /\.m?js$/.test(name));
        if (!file) throw new Error('the server build wrote no module');
        const { render, PRERENDERED_ATTRIBUTE } = (await import(pathToFileURL(path.join(ssrDir, file)).href)) as Entry;
        const elsewhere = withStylesheet(template, `/${stylesheetOf(bundle as Record<string, Output>, stylesheet, root)}`);
        writeFileSync(path.join(outDir, shell), elsewhere);
        for (const page of pages) {
          const { html, status } = await render(page.path);
          if (status !== 200) throw new Error(`${page.path} rendered as HTTP ${status}`);
          const preloads = routePreloadTags(bundle as Record<string, Output>, page.module, template).map((tag) => String(tag.attrs?.href));
          const target = path.join(outDir, page.file);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, pageHtml(page.file === 'index.html' ? template : elsewhere, page, html, PRERENDERED_ATTRIBUTE, preloads));
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
