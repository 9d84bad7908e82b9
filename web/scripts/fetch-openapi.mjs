// Writes src/api/openapi.json: the shop's OpenAPI document (`GET /api/openapi.json`), as the shop
// binary answers it. Starts the binary (SHOP_BIN, by default ../target/debug/shop) on a free
// 127.0.0.1 port with a throwaway data folder, fetches the document, and stops it again.
// `make api-types` runs this, then `npm run gen:api`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SPEC_FILE } from './api-types.mjs';

const WEB_DIR = path.resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 60_000;
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const bin = path.resolve(WEB_DIR, process.env.SHOP_BIN ?? '../target/debug/shop');
if (!existsSync(bin)) {
  console.error(`no shop binary at ${bin}: build it with \`cargo build -p shop\` or set SHOP_BIN`);
  process.exit(1);
}

/** Resolves with the address the shop logs once it listens ("shop listening on http://127.0.0.1:PORT"). */
function waitForAddress(child) {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`the shop did not start in time:\n${log}`)), STARTUP_TIMEOUT_MS);
    const onData = (chunk) => {
      log += chunk.toString().replace(ANSI_COLOURS, '');
      const match = /shop listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited with ${code} before listening:\n${log}`));
    });
  });
}

/** Stops the shop: politely, then for good after five seconds. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-openapi-'));
// Only the variables the document could depend on are set; the rest keep their defaults, so the
// snapshot does not depend on whoever runs this.
const child = spawn(bin, ['serve'], {
  env: {
    PATH: process.env.PATH ?? '',
    SHOP_LISTEN: '127.0.0.1:0',
    SHOP_DATA_DIR: dataDir,
    SHOP_WEB_DIR: path.join(dataDir, 'web'),
    SHOP_DEMO_DATA: 'false',
    SHOP_ADMIN_PASSWORD: 'openapi-snapshot-only',
    NO_COLOR: '1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});

try {
  const address = await waitForAddress(child);
  child.stdout.resume();
  child.stderr.resume();
  const response = await fetch(`${address}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const doc = await response.json();
  writeFileSync(SPEC_FILE, JSON.stringify(doc, null, 2) + '\n');
  console.log(`wrote ${path.relative(process.cwd(), SPEC_FILE)} from ${bin}`);
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
