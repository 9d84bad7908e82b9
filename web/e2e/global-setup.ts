import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_PASSWORD } from './support/accounts';

const WEB_DIR = path.resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 60_000;
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Resolves with the address the server logs once it listens ("shop listening on http://127.0.0.1:PORT"). */
function waitForAddress(child: ChildProcess, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop did not start in time:\n${log.join('')}`)), STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      // Strip colour codes before reading the log line.
      const text = chunk.toString().replace(ANSI_COLOURS, '');
      log.push(text);
      const match = /shop listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log.join(''));
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited with ${code} before listening:\n${log.join('')}`));
    });
  });
}

/** Starts the real server on a free port with a fresh database; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = path.resolve(WEB_DIR, process.env.SHOP_BIN ?? '../target/debug/shop');
  const dist = path.join(WEB_DIR, 'dist');
  if (!existsSync(bin)) throw new Error(`no shop binary at ${bin}: build it with \`cargo build -p shop\` or set SHOP_BIN`);
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const log: string[] = [];
  const child = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      SHOP_LISTEN: '127.0.0.1:0',
      SHOP_DATA_DIR: dataDir,
      SHOP_WEB_DIR: dist,
      SHOP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SHOP_AUTH_RATE_LIMIT: '0',
      SHOP_DEMO_DATA: 'true',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  try {
    process.env.SHOP_E2E_URL = await waitForAddress(child, log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Keep reading the log so the pipe never fills and blocks the server.
  child.stdout?.resume();
  child.stderr?.resume();

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
      await Promise.race([exited, timeout]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
