import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs';

/**
 * End-to-end: the production build (dist-e2e, served with the strict security headers)
 * against a fresh sandbox on its own port and database, in Debian's Chromium.
 */
const SANDBOX = 'http://127.0.0.1:8788';
const APP = 'http://127.0.0.1:4174';
const DEPLOYED_APP = 'http://127.0.0.1:4175';
const DEPLOYED_CONNECT = 'https://auth.northbridgepay.example,https://api.northbridgepay.example';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // One retry in CI only, so a rare timing hiccup on a loaded 2-core machine does not block a landing;
  // a test that fails twice still fails the run, and the list reporter shows every retry.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: APP,
    // A trace only for a retried test (CI retries once): recording one for every test cost about a
    // third of the browser's CPU time on the 2-core machine and slowed the app enough to hide races
    // (docs/performance.md "The whole test command on CI"). Locally: `--trace on` to record one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath() ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')),
    },
    headless: true,
  },
  webServer: [
    {
      // Short-lived access tokens (15 s) so refresh-before-expiry happens within a test.
      command: 'node sandbox/main.ts --port 8788 --db .sandbox/e2e.db --reset --access-ttl 15',
      url: `${SANDBOX}/__sandbox/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node scripts/serve-app.mjs --port 4174 --dist dist-e2e --sandbox ${SANDBOX}`,
      url: APP,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A deployed (production-mode) build, to prove it ignores what a link asks (issue 47): its CSP
      // lets it reach brand 1's production auth and main services, which the test answers itself.
      command: `node scripts/serve-app.mjs --port 4175 --dist dist-e2e-deployed --connect ${DEPLOYED_CONNECT}`,
      url: DEPLOYED_APP,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
