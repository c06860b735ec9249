#!/usr/bin/env node
/**
 * Starts the production topology of issue #16 on this machine's loopback (docs/topology.md):
 * Redis, N shop API instances on PostgreSQL, N storefront instances (`next start`, one process
 * each, sharing the Next cache through Redis) and nginx in front (TLS with a self-signed
 * certificate, HTTP/2, brotli + gzip, static files, micro-cache, load balancing with retries).
 *
 *   DATABASE_URL=postgres://user:pass@127.0.0.1:5432/shop npm run start:cluster -- --web 2 --api 2
 *
 * Configs are generated into .cluster/ (CLUSTER_DIR) from deploy/*.template; processes are
 * supervised (one that exits is started again, at most 5 times a minute) and Ctrl-C stops them
 * all. Nothing is installed: missing programs are named with the apt-get command that brings them.
 *
 * Flags: --web N (2), --api N (2), --build (always rebuild the storefront), --no-nginx-cache.
 * Ports (env): CLUSTER_HTTPS_PORT (8443), CLUSTER_HTTP_PORT (8080), CLUSTER_API_PORT (8100: nginx's
 * API balancer; the instances take the next N), CLUSTER_WEB_PORT (3100: instances from +1),
 * CLUSTER_REDIS_PORT (6380). The build goes to NEXT_DIST_DIR (.next-cluster) so `npm start`'s
 * .next is never touched.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareStaticFiles } from '../storefront-server/precompressed-static.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    web: { type: 'string', default: '2' },
    api: { type: 'string', default: '2' },
    build: { type: 'boolean', default: false },
    'no-nginx-cache': { type: 'boolean', default: false },
  },
});
const webCount = Math.max(1, Math.min(8, Number.parseInt(flags.web, 10) || 2));
const apiCount = Math.max(1, Math.min(8, Number.parseInt(flags.api, 10) || 2));
const num = (name, fallback) => Number.parseInt(process.env[name] ?? '', 10) || fallback;
const ports = {
  https: num('CLUSTER_HTTPS_PORT', 8443),
  http: num('CLUSTER_HTTP_PORT', 8080),
  apiLb: num('CLUSTER_API_PORT', 8100),
  web: num('CLUSTER_WEB_PORT', 3100),
  redis: num('CLUSTER_REDIS_PORT', 6380),
};
const dir = path.resolve(root, process.env.CLUSTER_DIR ?? '.cluster');
const distDir = process.env.NEXT_DIST_DIR || '.next-cluster';
const log = (line) => console.log(`[cluster] ${line}`);

// --- what must be installed (nothing is installed here) ---------------------------------------
const APT =
  'apt-get update && apt-get install -y nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static redis-server openssl';
const missing = [];
const onPath = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
for (const bin of ['nginx', 'redis-server', 'openssl']) if (!onPath(bin)) missing.push(bin);
for (const mod of ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so']) {
  if (!existsSync(`/usr/lib/nginx/modules/${mod}`)) missing.push(mod);
}
if (missing.length > 0) {
  console.error(`[cluster] missing: ${missing.join(', ')}\n[cluster] install them with:\n  ${APT}`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error('[cluster] DATABASE_URL (PostgreSQL) is required: every API instance uses the same database.');
  process.exit(1);
}

// --- generated configs -------------------------------------------------------------------------
for (const sub of ['logs', 'tls', 'cache', 'tmp']) mkdirSync(path.join(dir, sub), { recursive: true });
const cert = path.join(dir, 'tls', 'cert.pem');
const key = path.join(dir, 'tls', 'key.pem');
if (!existsSync(cert) || !existsSync(key)) {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '825',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the self-signed certificate: ${made.stderr}`);
  log(`self-signed certificate for localhost/127.0.0.1 in ${cert}`);
}
const webPorts = Array.from({ length: webCount }, (_, i) => ports.web + 1 + i);
const apiPorts = Array.from({ length: apiCount }, (_, i) => ports.apiLb + 1 + i);
/** The name of group `gid` in /etc/group (its number when it has none: `nginx -t` then says so). */
const groupName = (gid) =>
  readFileSync('/etc/group', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => Number(fields[2]) === gid)?.[0] ?? String(gid);
const fill = (template, values) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}}`);
    return String(values[name]);
  });
const servers = (list) => list.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n');
let nginxConf = fill(readFileSync(path.join(root, 'deploy', 'nginx.conf.template'), 'utf8'), {
  DIR: dir,
  // nginx's workers run as this process' user and group (see the template's `user`).
  USER: userInfo().username,
  GROUP: groupName(userInfo().gid),
  CERT: cert,
  KEY: key,
  HTTPS_PORT: ports.https,
  HTTP_PORT: ports.http,
  API_LB_PORT: ports.apiLb,
  STATIC_DIR: path.join(root, distDir, 'static'),
  WEB_SERVERS: servers(webPorts),
  API_SERVERS: servers(apiPorts),
});
if (flags['no-nginx-cache']) nginxConf = nginxConf.replace(/^(\s*)proxy_cache pages;$/m, '$1proxy_cache off;');
writeFileSync(path.join(dir, 'nginx.conf'), nginxConf);
writeFileSync(
  path.join(dir, 'redis.conf'),
  fill(readFileSync(path.join(root, 'deploy', 'redis.conf.template'), 'utf8'), { DIR: dir, REDIS_PORT: ports.redis }),
);
const tested = spawnSync('nginx', ['-t', '-q', '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
if (tested.status !== 0) {
  console.error(`[cluster] nginx refused the generated config:\n${tested.stderr}`);
  process.exit(1);
}

// --- environment shared by the instances ----------------------------------------------------------
const siteUrl = process.env.SITE_URL || `https://localhost:${ports.https}`;
const shared = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  REDIS_URL: process.env.REDIS_URL || `redis://127.0.0.1:${ports.redis}/0`,
  SITE_URL: siteUrl,
  SHOP_API_URL: `http://127.0.0.1:${ports.apiLb}`,
  REVALIDATE_SECRET: process.env.REVALIDATE_SECRET || randomBytes(24).toString('base64url'),
  // The change events post to nginx: any one storefront instance expires the tags in the shared cache.
  STOREFRONT_REVALIDATE_URLS:
    process.env.STOREFRONT_REVALIDATE_URLS || `https://127.0.0.1:${ports.https}/api/revalidate`,
  NODE_EXTRA_CA_CERTS: cert,
};
writeFileSync(
  path.join(dir, 'cluster.json'),
  JSON.stringify(
    {
      https: `https://localhost:${ports.https}`,
      apiLb: shared.SHOP_API_URL,
      web: webPorts,
      api: apiPorts,
      redis: shared.REDIS_URL,
      distDir,
    },
    null,
    2,
  ),
);

// --- supervision ---------------------------------------------------------------------------------
const running = new Map();
let stopping = false;
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Starts `name` and starts it again when it exits unexpectedly (at most 5 times a minute). */
function supervise(name, cmd, args, env = shared) {
  const restarts = [];
  const start = () => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.set(name, child);
    const prefix = (chunk) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((l) => `[${name}] ${l}`)
        .join('\n') + '\n';
    child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
    child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
    child.on('exit', (code, signal) => {
      if (running.get(name) === child) running.delete(name);
      if (stopping) return;
      const now = Date.now();
      while (restarts.length && now - restarts[0] > 60_000) restarts.shift();
      if (restarts.length >= 5) {
        console.error(`[cluster] ${name} keeps exiting (${code ?? signal}); not started again`);
        return;
      }
      restarts.push(now);
      console.error(`[cluster] ${name} exited (${code ?? signal}); starting it again`);
      setTimeout(start, 500);
    });
  };
  start();
}

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  for (const child of running.values()) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of running.values()) child.kill('SIGKILL');
    process.exit(code);
  }, 5000);
  const check = setInterval(() => {
    if (running.size === 0) {
      clearInterval(check);
      clearTimeout(deadline);
      process.exit(code);
    }
  }, 100);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function waitFor(url, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
try {
  supervise('redis', 'redis-server', [path.join(dir, 'redis.conf')]);
  // The first API instance migrates and seeds; the others start once it answers.
  for (const [i, port] of apiPorts.entries()) {
    supervise(`api${i + 1}`, bin('tsx'), ['server/main.ts'], {
      ...shared,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
    });
    await waitFor(`http://127.0.0.1:${port}/api/health`, `API instance ${i + 1}`, 240_000);
    log(`API instance ${i + 1} on 127.0.0.1:${port} after ${since()}`);
  }
  supervise('nginx', 'nginx', ['-c', path.join(dir, 'nginx.conf')]);
  await waitFor(`http://127.0.0.1:${ports.apiLb}/api/health`, 'nginx', 20_000);

  const stampFile = path.join(root, distDir, 'cluster-build.json');
  const stamp = JSON.stringify({ api: shared.SHOP_API_URL, site: siteUrl, ym: process.env.YM_ID ?? '' });
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
  if (flags.build || !existsSync(path.join(root, distDir, 'BUILD_ID')) || built !== stamp) {
    log(`building the storefront into ${distDir}`);
    // The build prerenders into its own folder; it never needs the cluster's Redis.
    const { REDIS_URL: _unused, ...buildEnv } = shared;
    const code = await new Promise((resolve) =>
      spawn(bin('next'), ['build'], { cwd: root, env: buildEnv, stdio: 'inherit' }).on('exit', resolve),
    );
    if (code !== 0) throw new Error('next build failed');
    // nginx serves the compressed copies (brotli_static, gzip_static in deploy/nginx.conf.template).
    for (const line of prepareStaticFiles(path.join(root, distDir, 'static'))) log(line);
    writeFileSync(stampFile, stamp);
  }
  for (const [i, port] of webPorts.entries()) {
    // No -H: proxy.ts rewrites to this server's own origin as `localhost`, which may be ::1; bound
    // to 127.0.0.1 only, Next's rewrite proxy could not reach itself (socket hang up, 500).
    supervise(`web${i + 1}`, bin('next'), ['start', '-p', String(port)]);
  }
  for (const [i, port] of webPorts.entries())
    await waitFor(`http://127.0.0.1:${port}/`, `storefront instance ${i + 1}`, 120_000);
  log(
    `ready after ${since()}: https://localhost:${ports.https}/ (HTTP/2, self-signed: ${cert}); ` +
      `storefront ${webPorts.join(', ')}, API ${apiPorts.join(', ')} behind ${ports.apiLb}, Redis ${ports.redis}. Ctrl-C stops everything.`,
  );
} catch (error) {
  console.error(`[cluster] ${error instanceof Error ? error.message : error}`);
  stopAll(1);
}
