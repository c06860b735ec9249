/**
 * Starts the production shop for the measuring scripts (audit, bench, js-weight): scripts/start.mjs
 * on its own ports and database folder, waits until the storefront answers, and stops it again.
 * With `url` given, nothing is started and that shop is measured.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @param {{ url?: string, port?: number, apiPort?: number, products?: number, build?: boolean }} options
 * @returns {Promise<{ base: string, api: string, pid: number | null, stop: () => Promise<void> }>}
 */
export async function startShop({ url, port = 3200, apiPort = 8200, products = 3000, build = true } = {}) {
  if (url) return { base: url.replace(/\/$/, ''), api: process.env.SHOP_API_URL ?? 'http://127.0.0.1:8000', pid: null, stop: async () => {} };
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), ...(build ? ['--build'] : [])], {
    cwd: root,
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
  return {
    base,
    api: `http://127.0.0.1:${apiPort}`,
    pid: child.pid ?? null,
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      await new Promise((r) => setTimeout(r, 1500));
    },
  };
}

/** Pids of a process and all its descendants (Linux /proc). */
export function processTree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`)) {
        const children = readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // exited
    }
  }
  return out;
}

/** Resident memory of a process tree, bytes. */
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
