#!/usr/bin/env node
/**
 * Starts the whole shop (README "Run the shop"):
 *  1. the shop API (`tsx server/main.ts`): migrates and, on first start, seeds the demo catalogue;
 *  2. waits for GET /api/health;
 *  3. builds the storefront when there is no build yet, when the build was made for another API
 *     origin, database, SITE_URL or YM_ID (the /media rewrite and the pages prerendered at build time come from
 *     the API the build saw; recorded in {distDir}/shop-build.json), or with --build;
 *  4. serves the build with storefront-server/serve.ts, one Next.js server per core (`WEB_CONCURRENCY`
 *     workers; or `next dev` with --dev).
 * Ports: PORT (storefront, 3000) and API_PORT (8000). Ctrl+C stops both. Settings are parsed by
 * storefront-server/settings.ts: a bad value stops the start with a message naming it.
 *
 * Flags: --dev (next dev), --build (always rebuild), --api-only, --test (issue #17 item 7, used by
 * tests/e2e/global-setup.ts: the build goes to NEXT_DIST_DIR, default .next-test, so a shop
 * running from this checkout keeps its .next; and everything stops when the process that started
 * this one is gone, even if it was killed without a chance to clean up).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareStaticFiles } from '../storefront-server/precompressed-static.ts';
import { readServeSettings, readStartSettings, settingsOrExit } from '../storefront-server/settings.ts';
import { stopTrees } from './lib/process-tree.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const testMode = args.has('--test');
const settings = settingsOrExit(() =>
  readStartSettings({ ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || (testMode ? '.next-test' : '') }),
);
const { port, apiUrl, distDir } = settings;
// storefront-server/serve.ts checks its own variables too; checked here first so a typo stops the start
// before a build of minutes, not after it.
if (!args.has('--dev') && !args.has('--api-only'))
  settingsOrExit(() => readServeSettings({ ...process.env, NEXT_DIST_DIR: distDir }));
// Issue #13: the API's change events expire the storefront's pages through POST /api/revalidate,
// authenticated with a secret both processes share (a random one per start unless configured).
const env = {
  ...process.env,
  PORT: String(port),
  API_PORT: String(settings.apiPort),
  SHOP_API_URL: apiUrl,
  NEXT_DIST_DIR: distDir,
  NEXT_TELEMETRY_DISABLED: '1',
  REVALIDATE_SECRET: settings.revalidateSecret || randomBytes(24).toString('base64url'),
  STOREFRONT_REVALIDATE_URLS: settings.revalidateUrls || `http://127.0.0.1:${port}/api/revalidate`,
};
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = new Set();
const t0 = Date.now();

function run(cmd, cmdArgs, extraEnv = {}) {
  const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

let stopping = false;
/**
 * Stops every child with SIGTERM (tsx passes it to the API, serve.mjs to its workers) and kills
 * whatever of their process trees is left after 5 s, then exits with `code`.
 */
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const killed = await stopTrees([...children].map((child) => child.pid).filter(Boolean), {
    signal: 'SIGTERM',
    graceMs: 5000,
  });
  if (killed) console.error(`[start] ${killed} process(es) did not stop within 5 s and were killed`);
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('SIGHUP', () => stopAll(0));
if (testMode) {
  // The test runner that started this shop is gone (killed, or it crashed): stop with it instead of
  // keeping its ports and database busy for the next run.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) {
      console.error('[start] the process that started the shop is gone; stopping');
      void stopAll(1);
    }
  }, 1000).unref();
}

async function waitForApi(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${apiUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The shop API did not answer at ${apiUrl}/api/health within ${timeoutMs / 1000} s`);
}

const external = settings.externalApi && !args.has('--api-only') && !settings.startEmbeddedApi;
if (!external) {
  const api = run(bin('tsx'), ['server/main.ts'], { NODE_ENV: 'production' });
  api.on('exit', (code) => {
    console.error(`[start] shop API exited with code ${code}`);
    stopAll(code ?? 1);
  });
}
try {
  await waitForApi(180_000);
} catch (error) {
  console.error(`[start] ${error.message}`);
  await stopAll(1);
}
console.log(`[start] shop API ready at ${apiUrl} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
if (args.has('--api-only')) {
  await new Promise(() => {});
}

if (args.has('--dev')) {
  run(bin('next'), ['dev', '-p', String(port)]);
} else {
  const stampFile = path.join(root, distDir, 'shop-build.json');
  // SITE_URL and YM_ID are in the build's security headers (next.config.ts headers(), issue #12).
  const stamp = JSON.stringify({ api: apiUrl, db: settings.database, site: settings.siteUrl, ym: settings.ymId });
  let built = null;
  try {
    built = readFileSync(stampFile, 'utf8');
  } catch {
    // no stamp: an old or foreign build
  }
  if (args.has('--build') || !existsSync(path.join(root, distDir, 'BUILD_ID')) || built !== stamp) {
    // Catalogue answers cached by a previous build may come from another database: drop them.
    rmSync(path.join(root, distDir, 'cache', 'fetch-cache'), { recursive: true, force: true });
    const code = await new Promise((resolve) => run(bin('next'), ['build']).on('exit', resolve));
    if (code !== 0) {
      console.error('[start] next build failed');
      stopAll(1);
      await new Promise(() => {});
    }
    for (const line of prepareStaticFiles(path.join(root, distDir, 'static'))) console.log(`[start] ${line}`);
    writeFileSync(stampFile, stamp);
    console.log(`[start] storefront built after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const web = run(process.execPath, [path.join(root, 'storefront-server', 'serve.ts')], { NODE_ENV: 'production' });
  web.on('exit', (code) => stopAll(code ?? 1));
  console.log(`[start] storefront starting on http://localhost:${port}`);
}
