/**
 * Starts and stops the topology of issue #16 for the cluster tests and the bench
 * (scripts/start-cluster.mjs) on a database of their own, and finds test data in it.
 *
 * Env: CLUSTER_TEST_DATABASE_URL (a database to use as is) or TEST_DATABASE_URL (an admin URL: a
 * fresh database `cluster_test_<pid>` is created and dropped after); ports CLUSTER_*_PORT as
 * start-cluster.mjs reads them (defaults here: 3460/8460/8463/8464/6395, away from `npm start`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ports = {
  CLUSTER_HTTPS_PORT: process.env.CLUSTER_HTTPS_PORT ?? '8463',
  CLUSTER_HTTP_PORT: process.env.CLUSTER_HTTP_PORT ?? '8464',
  CLUSTER_API_PORT: process.env.CLUSTER_API_PORT ?? '8460',
  CLUSTER_WEB_PORT: process.env.CLUSTER_WEB_PORT ?? '3460',
  CLUSTER_REDIS_PORT: process.env.CLUSTER_REDIS_PORT ?? '6395',
};

/**
 * Starts the cluster and resolves once it is ready.
 * @param {{ web?: number, api?: number, timeoutMs?: number }} [options]
 * @returns {Promise<{ https: string, apiLb: string, web: string[], api: string[], databaseUrl: string, secret: string, ca: Buffer, stop: () => Promise<void>, log: () => string }>}
 */
export async function startCluster({ web = 2, api = 2, timeoutMs = 600_000 } = {}) {
  let databaseUrl = process.env.CLUSTER_TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  if (!databaseUrl) {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('CLUSTER_TEST_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL) is required');
    const name = `cluster_test_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const secret = process.env.REVALIDATE_SECRET || randomBytes(24).toString('base64url');
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts', 'start-cluster.mjs'), '--web', String(web), '--api', String(api)],
    {
      cwd: root,
      env: {
        ...process.env,
        ...ports,
        DATABASE_URL: databaseUrl,
        REVALIDATE_SECRET: secret,
        SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '600',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const onData = (chunk) => {
    output += chunk.toString();
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`cluster not ready in ${timeoutMs / 1000} s:\n${output.slice(-4000)}`)),
      timeoutMs,
    );
    const check = setInterval(() => {
      if (output.includes('[cluster] ready after')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 200);
    child.on('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`start-cluster exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
  const info = JSON.parse(readFileSync(path.join(root, '.cluster', 'cluster.json'), 'utf8'));
  const stopped = new Promise((resolve) => child.on('exit', resolve));
  return {
    https: info.https,
    apiLb: info.apiLb,
    web: info.web.map((p) => `http://127.0.0.1:${p}`),
    api: info.api.map((p) => `http://127.0.0.1:${p}`),
    databaseUrl,
    secret,
    ca: readFileSync(path.join(root, '.cluster', 'tls', 'cert.pem')),
    log: () => output,
    stop: async () => {
      child.kill('SIGINT');
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 8000))]);
      await dropDatabase();
    },
  };
}

/** Runs one SQL statement on the cluster's database. */
export async function sql(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The pid of a process listening on a loopback TCP port (ss), for the kill -9 test. */
export async function pidOnPort(port) {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const match = /pid=(\d+)/.exec(out);
  if (!match) throw new Error(`nothing listens on ${port}`);
  return Number(match[1]);
}
