/**
 * Prometheus metrics of the storefront server (issue #31 item 3, docs/operations.md "Metrics"),
 * with prom-client. Each worker records into its own default registry; the primary serves the sum
 * of all workers (prom-client's AggregatorRegistry asks them over the cluster's IPC channel) on a
 * private port of its own, WEB_METRICS_PORT on METRICS_HOST (loopback by default): one scrape
 * target per machine, whatever WEB_CONCURRENCY is, and never reachable through the public port.
 * Unset WEB_METRICS_PORT: nothing is recorded and nothing listens.
 *
 * Recorded per request: route pattern (from the build's app-path-routes-manifest.json, never the
 * raw path), method, status and time to the last byte; micro-cache hits and misses (its
 * `x-micro-cache: HIT` header, storefront-server/page-micro-cache.ts); Next's page cache result
 * (`x-nextjs-cache`: HIT, STALE, MISS). Per worker: the admission gate's running and waiting
 * requests and its 503 sheds (storefront-server/admission-gate.ts).
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import client from 'prom-client';
import type { AdmissionGate } from './admission-gate.ts';

const { AggregatorRegistry, Counter, Gauge, Histogram, collectDefaultMetrics, register } = client;

/** Latency buckets, seconds: 5 ms … 10 s (issue #12: every answer within 10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A page route of the build: its pattern and the regular expression its paths match. */
type RoutePattern = { pattern: string; test: RegExp; specificity: number };

/**
 * The page routes of a build, from `{distDir}/app-path-routes-manifest.json` (`/brands/[slug]`,
 * `/[section]/[[...path]]`…), most specific first: static segments before dynamic ones.
 * @returns [] when the manifest is missing (every page is then labelled "page")
 */
export function readRoutePatterns(distDir: string): RoutePattern[] {
  let manifest: Record<string, string>;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, 'app-path-routes-manifest.json'), 'utf8'));
  } catch {
    return [];
  }
  return compileRoutePatterns(Object.values(manifest));
}

/** Escapes a static path segment for a regular expression. */
const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compiles Next route patterns (`/a/[b]/[[...c]]`) into matchers, most specific first. */
export function compileRoutePatterns(patterns: readonly string[]): RoutePattern[] {
  const compiled = [...new Set(patterns)]
    .filter((pattern) => !pattern.startsWith('/_') && !/\.\w+$/.test(pattern))
    .map((pattern) => {
      let source = '';
      let specificity = 0;
      for (const segment of pattern.split('/').filter(Boolean)) {
        if (/^\[\[\.\.\..+\]\]$/.test(segment)) source += '(?:/.*)?';
        else if (/^\[\.\.\..+\]$/.test(segment)) source += '/.+';
        else if (/^\[.+\]$/.test(segment)) source += '/[^/]+';
        else {
          source += `/${escape(segment)}`;
          specificity += 1;
        }
      }
      return { pattern, test: new RegExp(`^${source || ''}/?$`), specificity };
    });
  return compiled.sort((a, b) => b.specificity - a.specificity || b.pattern.length - a.pattern.length);
}

/**
 * The label of a request path: `/_next/static`, `/_next/image`, `/api/{first segment}` (the
 * BFF), a page route pattern, or "other" (bounded: no path value is ever a label).
 */
export function routeOf(url: string | undefined, routes: readonly RoutePattern[]): string {
  const pathname = (url ?? '/').split('?')[0]!;
  if (pathname.startsWith('/_next/static/')) return '/_next/static';
  if (pathname.startsWith('/_next/image')) return '/_next/image';
  if (pathname.startsWith('/_next/')) return '/_next';
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const segment = pathname.split('/')[2];
    return segment && /^[a-z0-9_-]{1,32}$/.test(segment) ? `/api/${segment}` : '/api';
  }
  for (const route of routes) if (route.test.test(pathname)) return route.pattern;
  return routes.length === 0 ? 'page' : 'other';
}

/**
 * A response header as sent: `getHeader` knows only headers set with `setHeader`, and the
 * micro-cache passes its own to `writeHead` (then they are only in the head Node wrote).
 */
function headerOf(res: ServerResponse, name: string): string | undefined {
  const set = res.getHeader(name);
  if (set !== undefined) return String(set);
  const head = (res as unknown as { _header?: string | null })._header;
  return head ? new RegExp(`\\r\\n${name}: ([^\\r]*)\\r\\n`, 'i').exec(head)?.[1] : undefined;
}

/** The recorders of one worker (see {@link startWorkerMetrics}). */
export interface WorkerMetrics {
  /** Records `req`'s answer when it is finished (or the client went away). Call once per request. */
  observe(req: IncomingMessage, res: ServerResponse): void;
  /** Reports `gate`'s load and refusals. */
  observeGate(gate: AdmissionGate): void;
}

/**
 * Starts recording in a worker: its metrics go to prom-client's default registry, which the
 * primary's AggregatorRegistry collects.
 * @param distDir the build folder (absolute), for the route patterns
 */
export function startWorkerMetrics(distDir: string): WorkerMetrics {
  // Constructing one is what makes a worker answer the primary's requests for its figures.
  new AggregatorRegistry();
  collectDefaultMetrics({ prefix: 'shop_web_' });
  const routes = readRoutePatterns(distDir);
  const requests = new Counter({
    name: 'shop_web_http_requests_total',
    help: 'Requests answered by the storefront server, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
  });
  const latency = new Histogram({
    name: 'shop_web_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its last byte, by route pattern.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
  });
  const microCache = new Counter({
    name: 'shop_web_micro_cache_total',
    help: 'Page requests (GET, not static, not /api) answered from the micro-cache (hit) or not (miss).',
    labelNames: ['result'] as const,
  });
  const pageCache = new Counter({
    name: 'shop_web_page_cache_total',
    help: 'Pages Next answered from its page cache (HIT), from a stale copy while re-rendering (STALE) or rendered (MISS).',
    labelNames: ['result'] as const,
  });
  const aborted = new Counter({
    name: 'shop_web_http_requests_aborted_total',
    help: 'Requests whose client went away before the answer was sent.',
  });
  let gate: AdmissionGate | null = null;
  new Gauge({
    name: 'shop_web_admission_active',
    help: 'Requests holding a slot of the admission gate (storefront-server/admission-gate.ts), all workers.',
    collect() {
      this.set(gate?.active ?? 0);
    },
  });
  new Gauge({
    name: 'shop_web_admission_queue_length',
    help: 'Requests waiting for a slot of the admission gate, all workers.',
    collect() {
      this.set(gate ? gate.load - gate.active : 0);
    },
  });
  new Counter({
    name: 'shop_web_admission_shed_total',
    help: 'Requests the admission gate answered 503, by reason (full, timeout).',
    labelNames: ['reason'] as const,
    collect() {
      this.reset();
      this.inc({ reason: 'full' }, gate?.stats.full ?? 0);
      this.inc({ reason: 'timeout' }, gate?.stats.timeout ?? 0);
    },
  });
  return {
    observe(req, res) {
      const start = performance.now();
      res.once('close', () => {
        if (!res.writableFinished) {
          aborted.inc();
          return;
        }
        const route = routeOf(req.url, routes);
        requests.inc({ method: req.method ?? 'GET', route, status: String(res.statusCode) });
        latency.observe({ route }, (performance.now() - start) / 1000);
        const page =
          (req.method === 'GET' || req.method === 'HEAD') && !route.startsWith('/_next') && !route.startsWith('/api');
        if (page) microCache.inc({ result: headerOf(res, 'x-micro-cache') === 'HIT' ? 'hit' : 'miss' });
        const next = headerOf(res, 'x-nextjs-cache');
        if (next === 'HIT' || next === 'STALE' || next === 'MISS') pageCache.inc({ result: next });
      });
    },
    observeGate(observed) {
      gate = observed;
    },
  };
}

/**
 * Serves the sum of every worker's metrics from the primary: `GET /metrics` on `port` at `host`,
 * anything else 404. Call in the primary before forking.
 * @returns the listening server
 */
export function startClusterMetricsServer(port: number, host: string): Server {
  if (!cluster.isPrimary) throw new Error('startClusterMetricsServer runs in the cluster primary');
  const aggregator = new AggregatorRegistry();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Не найдено\n');
      return;
    }
    aggregator.clusterMetrics().then(
      (text) => res.writeHead(200, { 'content-type': aggregator.contentType }).end(text),
      () => res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Метрики недоступны\n'),
    );
  });
  server.listen(port, host);
  return server;
}

/** The default registry of this process (tests read a worker's own figures from it). */
export const workerRegistry = register;
