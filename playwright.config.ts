import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the production build (README "Tests").
 * The web server is the whole shop started by scripts/start.mjs with its own ports and its own
 * database folder, so a shop already running on 3000/8000 is not disturbed.
 */
const PORT = process.env.E2E_PORT ?? '3100';
const API_PORT = process.env.E2E_API_PORT ?? '8100';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
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
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } }, testIgnore: /.*\.mobile\.spec\.ts/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, testMatch: /.*\.mobile\.spec\.ts/ },
  ],
  webServer: {
    command: 'node scripts/start.mjs --build',
    url: `http://localhost:${PORT}/`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT,
      API_PORT,
      PGLITE_DIR: '.data/e2e-pglite',
      SHOP_API_URL: '',
    },
  },
});
