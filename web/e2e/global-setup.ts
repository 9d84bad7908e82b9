import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_PASSWORD } from './support/accounts';
import { GOOGLE_ACCOUNTS, GOOGLE_CLIENT } from './support/google';

const WEB_DIR = path.resolve(import.meta.dirname, '..');
/** The test OpenID Connect provider that stands in for Google. */
const PROVIDER_DIR = path.resolve(WEB_DIR, '../server/tests/oidc');
const STARTUP_TIMEOUT_MS = 60_000;
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Resolves with the address the server logs once it listens ("shop listening on http://127.0.0.1:PORT"). */
function waitForAddress(child: ChildProcess, log: string[]): Promise<string> {
  return waitForLog(child, log, /shop listening on (http:\/\/127\.0\.0\.1:\d+)/, 'the shop');
}

/** Resolves with the first group of `pattern` once the child's output matches it. */
function waitForLog(
  child: ChildProcess,
  log: string[],
  pattern: RegExp,
  name: string,
  within = STARTUP_TIMEOUT_MS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${log.join('')}`)), within);
    const onData = (chunk: Buffer) => {
      // Strip colour codes before reading the log line.
      const text = chunk.toString().replace(ANSI_COLOURS, '');
      log.push(text);
      const match = pattern.exec(log.join(''));
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
      reject(new Error(`${name} exited with ${code} before listening:\n${log.join('')}`));
    });
  });
}

/** A port nothing listens on now, for a process whose address must be known before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the test OpenID Connect provider (installing its packages first if needed) with the
 * shop's callback as its client's redirect URI; resolves with it and its issuer.
 */
/** How many times the provider is started before the tests give up, and how long each may take. */
const PROVIDER_TRIES = 3;
const PROVIDER_READY_WITHIN_MS = 20_000;

async function startProvider(redirectUri: string): Promise<{ provider: ChildProcess; issuer: string }> {
  if (!existsSync(path.join(PROVIDER_DIR, 'node_modules', 'oidc-provider'))) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PROVIDER_DIR, stdio: 'inherit' });
  }
  const accounts = Object.values(GOOGLE_ACCOUNTS).flatMap((account) => ['--account', JSON.stringify(account)]);
  const args = ['--client-id', GOOGLE_CLIENT.id, '--client-secret', GOOGLE_CLIENT.secret, '--redirect-uri', redirectUri];
  // Now and then, on a loaded machine, Node stops before printing that it is ready (its main
  // thread waits on a lock for good), as the server tests found too: such a provider is stopped
  // and another one started.
  for (let attempt = 1; ; attempt++) {
    // Its standard input stays open: the provider exits by itself if this process dies.
    const provider = spawn(process.execPath, ['provider.mjs', ...args, ...accounts], {
      cwd: PROVIDER_DIR,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const pattern = /^ready (http:\/\/\S+)$/m;
      const issuer = await waitForLog(provider, [], pattern, 'the OpenID Connect provider', PROVIDER_READY_WITHIN_MS);
      provider.stdout?.resume();
      provider.stderr?.resume();
      return { provider, issuer };
    } catch (error) {
      provider.kill('SIGKILL');
      if (attempt >= PROVIDER_TRIES) throw error;
      console.warn(`the OpenID Connect provider was not ready (try ${attempt} of ${PROVIDER_TRIES}); starting another`);
    }
  }
}

/** Stops a child process: politely, then for good after five seconds. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
  await Promise.race([exited, timeout]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts the real server on a free port with a fresh database, and Google sign-in through the test
 * OpenID Connect provider; the returned function stops both.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = path.resolve(WEB_DIR, process.env.SHOP_BIN ?? '../target/debug/shop');
  const dist = path.join(WEB_DIR, 'dist');
  if (!existsSync(bin)) throw new Error(`no shop binary at ${bin}: build it with \`cargo build -p shop\` or set SHOP_BIN`);
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');

  // The provider is told the shop's callback before the shop starts, so the shop's port is chosen here.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const { provider, issuer } = await startProvider(`${publicUrl}/api/auth/google/callback`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const log: string[] = [];
  const child = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      SHOP_LISTEN: `127.0.0.1:${port}`,
      SHOP_PUBLIC_URL: publicUrl,
      SHOP_OIDC_ISSUER: issuer,
      SHOP_OIDC_CLIENT_ID: GOOGLE_CLIENT.id,
      SHOP_OIDC_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      SHOP_DATA_DIR: dataDir,
      SHOP_WEB_DIR: dist,
      SHOP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SHOP_AUTH_RATE_LIMIT: '0',
      SHOP_DEMO_DATA: 'true',
      // No mail server: every message is written to the data folder's `mail/`, where the tests read it.
      SHOP_SMTP_URL: '',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  try {
    process.env.SHOP_E2E_URL = await waitForAddress(child, log);
    // Without an SMTP server the shop writes each message to `mail/` here (e2e/support/mail.ts reads them).
    process.env.SHOP_E2E_DATA_DIR = dataDir;
  } catch (error) {
    child.kill('SIGKILL');
    provider.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Keep reading the log so the pipe never fills and blocks the server.
  child.stdout?.resume();
  child.stderr?.resume();

  return async () => {
    await stop(child);
    await stop(provider);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
