#!/usr/bin/env node
/**
 * Starts the whole shop (README "Run the shop"):
 *  1. the shop API (`tsx server/main.ts`): migrates and, on first start, seeds the demo catalogue;
 *  2. waits for GET /api/health;
 *  3. builds the storefront when there is no build yet, when the build was made for another API
 *     origin, database, SITE_URL or YM_ID (the /media rewrite and the pages prerendered at build time come from
 *     the API the build saw; recorded in .next/shop-build.json), or with --build;
 *  4. serves the build with scripts/serve.mjs, one Next.js server per core (`WEB_CONCURRENCY`
 *     workers; or `next dev` with --dev).
 * Ports: PORT (storefront, 3000) and API_PORT (8000). Ctrl+C stops both.
 *
 * Flags: --dev (next dev), --build (always rebuild), --api-only.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '8000';
const apiHost = process.env.API_HOST ?? '127.0.0.1';
const apiUrl = process.env.SHOP_API_URL || `http://${apiHost}:${apiPort}`;
// Issue #13: the API's change events expire the storefront's pages through POST /api/revalidate,
// authenticated with a secret both processes share (a random one per start unless configured).
const env = {
  ...process.env,
  API_PORT: apiPort,
  SHOP_API_URL: apiUrl,
  NEXT_TELEMETRY_DISABLED: '1',
  REVALIDATE_SECRET: process.env.REVALIDATE_SECRET || randomBytes(24).toString('base64url'),
  STOREFRONT_REVALIDATE_URLS: process.env.STOREFRONT_REVALIDATE_URLS || `http://127.0.0.1:${port}/api/revalidate`,
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

function stopAll(code) {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

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

const external = Boolean(process.env.SHOP_API_URL) && !args.has('--api-only') && process.env.START_EMBEDDED_API !== '1';
if (!external) {
  const api = run(bin('tsx'), ['server/main.ts'], { NODE_ENV: 'production' });
  api.on('exit', (code) => {
    console.error(`[start] shop API exited with code ${code}`);
    stopAll(code ?? 1);
  });
}
await waitForApi(180_000);
console.log(`[start] shop API ready at ${apiUrl} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
if (args.has('--api-only')) {
  await new Promise(() => {});
}

if (args.has('--dev')) {
  run(bin('next'), ['dev', '-p', port]);
} else {
  const stampFile = path.join(root, '.next', 'shop-build.json');
  const dbUrl = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
  // SITE_URL and YM_ID are in the build's security headers (next.config.ts headers(), issue #12).
  const stamp = JSON.stringify({
    api: apiUrl,
    db: dbUrl ? `${dbUrl.host}${dbUrl.pathname}` : (process.env.PGLITE_DIR ?? '.data/pglite'),
    site: process.env.SITE_URL ?? '',
    ym: process.env.YM_ID ?? process.env.NEXT_PUBLIC_YM_ID ?? '',
  });
  let built = null;
  try {
    built = readFileSync(stampFile, 'utf8');
  } catch {
    // no stamp: an old or foreign build
  }
  if (args.has('--build') || !existsSync(path.join(root, '.next', 'BUILD_ID')) || built !== stamp) {
    // Catalogue answers cached by a previous build may come from another database: drop them.
    rmSync(path.join(root, '.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
    const code = await new Promise((resolve) => run(bin('next'), ['build']).on('exit', resolve));
    if (code !== 0) {
      console.error('[start] next build failed');
      stopAll(1);
      await new Promise(() => {});
    }
    writeFileSync(stampFile, stamp);
    console.log(`[start] storefront built after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const web = run(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { NODE_ENV: 'production', PORT: port });
  web.on('exit', (code) => stopAll(code ?? 1));
  console.log(`[start] storefront starting on http://localhost:${port}`);
}
