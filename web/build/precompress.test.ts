import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function builtApp(files: Record<string, string | Buffer>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('precompressDir', () => {
  it('writes Brotli and gzip copies of text files, in sub-folders too, that unpack to the original', () => {
    const script = 'export const parts = ["brake pad", "oil filter"];\n'.repeat(200);
    const html = `<!doctype html><title>Parts Garage</title>${'<p>parts</p>'.repeat(200)}`;
    const root = builtApp({ 'index.html': html, 'assets/app-1a2b.js': script });

    const written = precompressDir(root).map((file) => path.relative(root, file)).sort();

    expect(written).toEqual(['assets/app-1a2b.js.br', 'assets/app-1a2b.js.gz', 'index.html.br', 'index.html.gz']);
    const js = path.join(root, 'assets/app-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
  });

  it('leaves pictures, tiny files and copies that would not be smaller alone', () => {
    // Random bytes do not compress: their copies would only be larger.
    const noise = randomBytes(4096);
    const root = builtApp({
      'picture.png': 'x'.repeat(5000),
      'robots.txt': 'User-agent: *\nAllow: /\n',
      'assets/random.js': noise,
    });
    expect(precompressDir(root)).toEqual([]);
    expect(readdirSync(root).sort()).toEqual(['assets', 'picture.png', 'robots.txt']);
    expect(readdirSync(path.join(root, 'assets'))).toEqual(['random.js']);
  });
});
