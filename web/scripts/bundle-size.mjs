// Reports the gzip size of the JS and CSS the home page loads: index.html's entry, its preloads and
// stylesheet, and the home route's chunk with everything it imports. `--max-kb N` fails above N.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const home = readdirSync(path.join(dist, 'assets')).find((name) => /^home-.*\.js$/.test(name));
if (home) files.add(`assets/${home}`);

// Follow static imports ("./chunk.js") of every JS file.
const queue = [...files].filter((file) => file.endsWith('.js'));
while (queue.length > 0) {
  const source = readFileSync(path.join(dist, queue.pop()), 'utf8');
  for (const [, name] of source.matchAll(/(?:^|[;}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const file = `assets/${name}`;
    if (!files.has(file)) {
      files.add(file);
      queue.push(file);
    }
  }
}

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip loaded by the home page`);

const flag = process.argv.indexOf('--max-kb');
if (flag !== -1 && total / 1024 > Number(process.argv[flag + 1])) {
  console.error(`over the budget of ${process.argv[flag + 1]} KB`);
  process.exit(1);
}
