import { describe, expect, it } from 'vitest';
import { pageHtml, stylesheetOf, withStylesheet } from './prerender';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Parts Garage</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pageHtml', () => {
  it("puts the rendered page in #root, marked with its path, with the page's title and preloads", () => {
    const html = pageHtml(template, { path: '/parts', title: 'Parts | Parts Garage' }, '<h1>Find parts</h1>', 'data-prerendered', ['/assets/parts-2.js']);
    expect(html).toContain('<div id="root" data-prerendered="/parts"><h1>Find parts</h1></div>');
    expect(html).toContain('<title>Parts | Parts Garage</title>');
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/parts-2.js">\s*<\/head>/);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });

  it('escapes the title and path, and leaves `$` in the page as it is', () => {
    const html = pageHtml(template, { path: '/a"b', title: 'A <b> & "c"' }, '<p>$& $1 $$</p>', 'data-prerendered', []);
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(html).toContain('data-prerendered="/a&quot;b"><p>$& $1 $$</p></div>');
  });

  it('leaves an empty page-data script naming the API answer the shop is to put in, and only from /api', () => {
    const html = pageHtml(template, { path: '/parts', title: 'Parts', data: '/api/part?sort=newest&limit=12&offset=0' }, '', 'data-prerendered', []);
    expect(html).toContain('<script type="application/json" id="page-data" data-api="/api/part?sort=newest&amp;limit=12&amp;offset=0"></script>\n  </head>');
    expect(pageHtml(template, { path: '/', title: 'x' }, '', 'data-prerendered', [])).not.toContain('page-data');
    expect(() => pageHtml(template, { path: '/parts', title: 'x', data: 'https://example.com/api' }, '', 'data-prerendered', [])).toThrow('must come from /api');
  });

  it('fails the build when index.html has no empty #root to render into', () => {
    expect(() => pageHtml('<html><body></body></html>', { path: '/', title: 'x' }, '', 'data-prerendered', [])).toThrow('index.html has no <div id="root"></div>');
  });
});

describe('the stylesheet of every page but the first', () => {
  const bundle = {
    'assets/shop-1.css': { type: 'asset' as const, fileName: 'assets/shop-1.css', originalFileNames: [] },
    'assets/whole-2.css': { type: 'asset' as const, fileName: 'assets/whole-2.css', originalFileNames: ['/shop/web/src/whole.css'] },
    'assets/whole-3.js': { type: 'chunk' as const, fileName: 'assets/whole-3.js', facadeModuleId: '/shop/web/src/other.ts', imports: [] },
  };

  it('is the one the build made of the whole stylesheet, found by its origin', () => {
    expect(stylesheetOf(bundle, '/shop/web/src/whole.css', '/shop/web')).toBe('assets/whole-2.css');
    expect(() => stylesheetOf(bundle, '/shop/web/src/none.css', '/shop/web')).toThrow('expected one stylesheet built from src/none.css, found 0');
  });

  it("takes the place of index.html's stylesheet links, once", () => {
    const first = template.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/shop-1.css">\n<link rel="stylesheet" crossorigin href="/assets/more-1.css">\n</head>',
    );
    const html = withStylesheet(first, '/assets/whole-2.css');
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/whole-2.css">');
    expect(html).not.toContain('shop-1.css');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(() => withStylesheet(template, '/assets/whole-2.css')).toThrow('index.html links no stylesheet');
  });
});
