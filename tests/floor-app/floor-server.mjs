/**
 * Builds and serves the floor app of issue #30 (tests/floor-app, docs/lighthouse.md "Same-run
 * budgets") for scripts/audit.mjs: `next build` of this folder with the shop's Next and React
 * into .next-test-floor at the repository's root (ignored by git, tsc and eslint like the e2e
 * builds), then `next start` on its own port. The build is reused while the
 * shop API origin and the listing's pictures are the ones it was made with (a stamp file beside
 * it), and made again otherwise or with `build: true`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
/** Relative to this folder, as next.config.mjs reads it. */
const distDir = '../../.next-test-floor';
const stampFile = path.join(here, distDir, 'floor-stamp.json');

/** How many pictures the picture floor shows: a listing page's (lib/constants.ts PAGE_SIZE). */
export const FLOOR_PICTURES = 24;

/**
 * The "/media/…" paths of the main pictures of the first `FLOOR_PICTURES` offers of a listing,
 * from the shop API (spec §7 offers), as the listing's first page shows them.
 * @param {string} api the shop API origin
 * @param {string} [section] the listing's section slug
 * @returns {Promise<string[]>}
 * @throws when the API does not answer with offers
 */
export async function listingPictures(api, section = 'kupalniki') {
  const response = await fetch(`${api}/api/v1/offers/${section}/?limit=${FLOOR_PICTURES}`);
  if (!response.ok) throw new Error(`${api} offers of ${section}: HTTP ${response.status}`);
  /** @type {{ results: { images: { image: string, is_main: boolean }[] }[] }} */
  const list = await response.json();
  return list.results
    .map((offer) => (offer.images.find((image) => image.is_main) ?? offer.images[0])?.image)
    .filter((src) => typeof src === 'string' && src.startsWith('/media/'));
}

/**
 * Builds the floor app when needed and starts it on `port`.
 * @param {{ port: number, api: string, pictures: string[], build?: boolean }} options
 * @returns {Promise<{ base: string, stop: () => Promise<void> }>}
 * @throws when the build fails or the server does not answer within 2 minutes
 */
export async function startFloor({ port, api, pictures, build = false }) {
  const stamp = JSON.stringify({ api, pictures });
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    FLOOR_DIST_DIR: distDir,
    FLOOR_API_URL: api,
    FLOOR_PICTURES: JSON.stringify(pictures),
  };
  const built = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (build || !built) {
    console.error('[measure] building the floor app (tests/floor-app)…');
    const result = spawnSync(process.execPath, [nextBin, 'build', here], { cwd: root, env, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`the floor app did not build:\n${(result.stdout + result.stderr).slice(-3000)}`);
    writeFileSync(stampFile, stamp);
  }
  const child = spawn(process.execPath, [nextBin, 'start', here, '-p', String(port)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://localhost:${port}`;
  const stop = async () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      // gone
    }
    await new Promise((r) => setTimeout(r, 500));
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the floor app did not start:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the floor app did not start within 2 minutes');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, stop };
}
