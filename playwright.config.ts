import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the production build (README "Tests").
 * tests/e2e/global-setup.ts starts the whole shop with scripts/start.mjs --test: its own build folder
 * (.next-test), database (.data/e2e-pglite, wiped first) and mail folder, on free ports, and stops
 * it again, so a shop running from the same checkout is not disturbed (issue #17 item 7).
 */

/**
 * Two ports the OS reports free (listening on port 0), unless E2E_PORT/E2E_API_PORT are given. Put
 * into process.env: the test workers inherit it, so they and the global setup agree on the ports.
 */
function choosePorts(): void {
  if (process.env.E2E_PORT && process.env.E2E_API_PORT) return;
  const script =
    "const net=require('net');const a=net.createServer(),b=net.createServer();" +
    "a.listen(0,()=>b.listen(0,()=>{process.stdout.write(a.address().port+' '+b.address().port);a.close();b.close();}));";
  const [web, api] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(' ');
  process.env.E2E_PORT ||= web;
  process.env.E2E_API_PORT ||= api;
}
choosePorts();
// Mail of the test API (tests/e2e/accounts.spec.ts reads the .eml files), apart from a running shop's.
process.env.MAIL_DIR ||= `.data/e2e-mail${process.env.E2E_RUN_ID ? `-${process.env.E2E_RUN_ID}` : ''}`;

const PORT = process.env.E2E_PORT;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // E2E_RUN_ID (tests/e2e/global-setup.ts): a run's own results folder, which Playwright wipes.
  outputDir: process.env.E2E_RUN_ID ? `test-results/${process.env.E2E_RUN_ID}` : 'test-results',
  reporter: process.env.CI
    ? [['list']]
    : [
        ['list'],
        [
          'html',
          {
            open: 'never',
            outputFolder: process.env.E2E_RUN_ID ? `playwright-report/${process.env.E2E_RUN_ID}` : 'playwright-report',
          },
        ],
      ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A returning visitor who already closed the Telegram popup (spec §4: it opens on the 5th page
    // view as a modal and would block the clicks of longer walks). tests/e2e/content.spec.ts starts
    // from an empty storage to test the popups themselves.
    storageState: {
      cookies: [],
      origins: [{ origin: `http://localhost:${PORT}`, localStorage: [{ name: 'telegramPopupClosed', value: 'true' }] }],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
  ],
  globalSetup: './tests/e2e/global-setup.ts',
});
