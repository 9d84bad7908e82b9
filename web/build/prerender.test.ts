import { describe, expect, it } from 'vitest';
import { pageHtml } from './prerender';

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
