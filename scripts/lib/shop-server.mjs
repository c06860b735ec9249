/**
 * Starts the production shop for the measuring scripts (audit, bench, js-weight): scripts/start.mjs
 * on its own ports (3200/8200 unless told) and database folder (.data/measure-{products}), waits
 * until the storefront answers, and stops it again. The scripts share the ports and the folder so
 * one production build serves all three: scripts/start.mjs rebuilds only when there is no build
 * for this API origin and database yet, or with `build: true` (`--build` on the command line).
 * With `url` given, nothing is started and that shop is measured (`api` names its API origin).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processTree } from './process-tree.mjs';

export { processTree };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Exit status of a measuring script run with `--warn` when only warned budgets were missed: the
 * figures are printed as WARN, and scripts/perf.mjs (CI) reports the step without failing.
 */
export const WARN_EXIT = 3;

/**
 * `root` starts another copy of the shop (e.g. a build of an older commit, for before/after figures).
 * @param {{ url?: string, api?: string, port?: number, apiPort?: number, products?: number, build?: boolean, root?: string }} options
 * @returns {Promise<{ base: string, api: string, pid: number | null, alive: () => boolean, logTail: () => string, stop: () => Promise<void> }>}
 */
export async function startShop({
  url,
  api,
  port = 3200,
  apiPort = 8200,
  products = 3000,
  build = false,
  root: shopRoot = root,
} = {}) {
  if (url) {
    const apiBase = (api ?? process.env.SHOP_API_URL ?? 'http://127.0.0.1:8000').replace(/\/$/, '');
    return {
      base: url.replace(/\/$/, ''),
      api: apiBase,
      pid: null,
      alive: () => true,
      logTail: () => '',
      stop: async () => {},
    };
  }
  const answers = async (u) => {
    try {
      await fetch(u, { signal: AbortSignal.timeout(2000) });
      return true;
    } catch {
      return false;
    }
  };
  for (const u of [`http://localhost:${port}/`, `http://127.0.0.1:${apiPort}/api/health`]) {
    if (await answers(u))
      throw new Error(`${u} already answers: stop that server (or measure it with --url/--api) first`);
  }
  console.error(
    `[measure] starting the production shop on :${port} (API :${apiPort}, ${products} products; builds when needed — minutes)…`,
  );
  const t0 = Date.now();
  const child = spawn(process.execPath, [path.join(shopRoot, 'scripts/start.mjs'), ...(build ? ['--build'] : [])], {
    cwd: shopRoot,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      SHOP_API_URL: '',
      SEED_PRODUCTS: String(products),
      PGLITE_DIR: `.data/measure-${products}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop did not start:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error('the shop did not start within 15 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.error(
    `[measure] shop ready after ${((Date.now() - t0) / 1000).toFixed(0)} s${/storefront built/.test(log) ? ' (built)' : ' (existing build)'}`,
  );
  return {
    base,
    api: `http://127.0.0.1:${apiPort}`,
    pid: child.pid ?? null,
    /** False once the shop (storefront or API) has exited. */
    alive: () => child.exitCode === null && child.signalCode === null,
    /** The last lines the shop printed (for a shop that died mid-run). */
    logTail: () => log.split('\n').slice(-40).join('\n'),
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      // Wait until both ports are free again, so the next script can start its own shop.
      for (
        let i = 0;
        i < 40 && ((await answers(`${base}/`)) || (await answers(`http://127.0.0.1:${apiPort}/api/health`)));
        i += 1
      ) {
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}

/**
 * Resident memory (bytes) of each process of a tree, with the name of the script it runs.
 * @param {number} pid
 * @returns {Map<number, { name: string, rss: number }>}
 */
export function treeRssByProcess(pid) {
  const out = new Map();
  for (const p of processTree(pid)) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const script = cmd.find((a) => /\.(m?[jt]s)$/.test(a)) ?? cmd[0] ?? '?';
      if (m) out.set(p, { name: path.basename(script), rss: Number(m[1]) * 1024 });
    } catch {
      // exited
    }
  }
  return out;
}

/**
 * Resident memory (bytes) of a process and all its descendants.
 * @param {number} pid
 */
export function treeRss(pid) {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // exited
    }
  }
  return total;
}

/** Parses `--name value` and `--flag` arguments. */
export function parseArgs(argv = process.argv.slice(2)) {
  const args = {};
  for (let i = 0; i < argv.length; i += 1) {
    const key = argv[i].replace(/^--/, '');
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args[key] = next;
      i += 1;
    } else args[key] = true;
  }
  return args;
}

/** A product path and a listing path from the API, for pages to measure. */
export async function samplePaths(api) {
  const list = await (await fetch(`${api}/api/v1/offers/kupalniki/?limit=1`)).json();
  return { product: list.results[0].full_path_offer, listing: '/kupalniki' };
}

/** One line on how busy the machine is (figures from a loaded machine are lower). */
export function machineLoad() {
  try {
    const [one, five] = readFileSync('/proc/loadavg', 'utf8').split(' ');
    return `load average ${one} (1 min), ${five} (5 min) on ${availableParallelism()} cores`;
  } catch {
    return `${availableParallelism()} cores`;
  }
}
