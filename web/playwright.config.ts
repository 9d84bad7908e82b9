import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real `shop` binary (started by e2e/global-setup.ts on a free port with
 * a fresh data folder), in Debian's Chromium: no browser is ever downloaded.
 */
// Every test uploads pictures from 127.0.0.1: the shop's per-client upload limit would refuse them
// (global setup passes this process's environment on to the shop).
process.env.SHOP_UPLOAD_RATE_LIMIT ??= '0';
// Every test asks for its e-mails (reset links, verification links) from 127.0.0.1 too.
process.env.SHOP_MAIL_RATE_LIMIT ??= '0';
// And sends the contact form from 127.0.0.1 at both widths and in the accessibility checks.
process.env.SHOP_CONTACT_RATE_LIMIT ??= '0';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  // Two cores: one worker keeps the server and the browser from starving each other.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    // The screenshots run first, on the fresh demo catalogue, so no test's own parts show in them.
    { name: 'screenshots', testMatch: /screenshots\.spec\.ts/ },
    { name: 'e2e', testIgnore: /screenshots\.spec\.ts/, dependencies: ['screenshots'] },
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
