/**
 * Issue #31 item 3: the storefront server's metrics label requests by route pattern (never the
 * raw path), and the primary serves the sum of every worker's figures on its private port.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRoutePatterns, readRoutePatterns, routeOf } from './metrics.ts';
import { runClusterScript } from './run-cluster-script.test-helper.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

const routes = compileRoutePatterns([
  '/',
  '/about',
  '/brands',
  '/brands/[slug]',
  '/[section]/[[...path]]',
  '/cached/[key]/[section]/[[...path]]',
  '/basket/delivery/confirm/[[...guid]]',
  '/robots.txt',
]);

describe('routeOf', () => {
  it('gives the page route pattern, static segments first', () => {
    expect(routeOf('/', routes)).toBe('/');
    expect(routeOf('/about', routes)).toBe('/about');
    expect(routeOf('/brands/', routes)).toBe('/brands');
    expect(routeOf('/brands/zara?page=2', routes)).toBe('/brands/[slug]');
    expect(routeOf('/kupalniki/bikini/red?size=44', routes)).toBe('/[section]/[[...path]]');
    expect(routeOf('/kupalniki', routes)).toBe('/[section]/[[...path]]');
    expect(routeOf('/basket/delivery/confirm/abc-123', routes)).toBe('/basket/delivery/confirm/[[...guid]]');
  });

  it('groups static files, images and the BFF, and never returns a path value', () => {
    expect(routeOf('/_next/static/chunks/app-123.js', routes)).toBe('/_next/static');
    expect(routeOf('/_next/image?url=%2Fmedia%2F1.jpg&w=640', routes)).toBe('/_next/image');
    expect(routeOf('/api/v1/search/maria@example.ru/', routes)).toBe('/api/v1');
    expect(routeOf('/api/revalidate', routes)).toBe('/api/revalidate');
    expect(routeOf('/api/%D0%BF', routes)).toBe('/api');
    expect(routeOf('/a/b/c', compileRoutePatterns(['/about']))).toBe('other');
  });

  it('labels every page "page" when the build has no manifest', () => {
    const empty = readRoutePatterns(mkdtempSync(path.join(tmpdir(), 'no-build-')));
    expect(empty).toEqual([]);
    expect(routeOf('/kupalniki', empty)).toBe('page');
  });
});

describe('cluster metrics', () => {
  it('are the sum of the workers, served by the primary on its own port', () => {
    const script = `
      import cluster from 'node:cluster';
      import { createServer } from 'node:http';
      import { startClusterMetricsServer, startWorkerMetrics } from ${JSON.stringify(path.join(here, 'metrics.ts'))};
      import { AdmissionGate } from ${JSON.stringify(path.join(here, 'admission-gate.ts'))};
      if (cluster.isPrimary) {
        const metrics = startClusterMetricsServer(0, '127.0.0.1');
        await new Promise((resolve) => metrics.once('listening', resolve));
        let done = 0;
        for (let i = 0; i < 2; i += 1) cluster.fork();
        cluster.on('message', async (worker, message) => {
          if (message?.type !== 'served') return;
          done += 1;
          if (done < 2) return;
          const res = await fetch('http://127.0.0.1:' + metrics.address().port + '/metrics');
          const other = await fetch('http://127.0.0.1:' + metrics.address().port + '/');
          const text = await res.text();
          for (const w of Object.values(cluster.workers)) w.kill();
          metrics.close();
          process.stdout.write(JSON.stringify({ status: res.status, other: other.status, text }));
        });
      } else {
        const metrics = startWorkerMetrics('/nonexistent');
        const gate = new AdmissionGate({ limit: 1, queue: 0, timeoutMs: 0 });
        metrics.observeGate(gate);
        const server = createServer((req, res) => {
          metrics.observe(req, res);
          // As the micro-cache sends a copy: its headers given to writeHead, not set before.
          if (req.url === '/hit') return void res.writeHead(200, { 'x-micro-cache': 'HIT' }).end('ok');
          if (req.url === '/isr') res.setHeader('x-nextjs-cache', 'HIT');
          res.writeHead(req.url === '/missing' ? 404 : 200).end('ok');
        });
        await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
        const base = 'http://127.0.0.1:' + server.address().port;
        for (const p of ['/hit', '/kupalniki', '/missing', '/isr']) await (await fetch(base + p)).text();
        const held = await gate.acquire();
        await gate.acquire().catch(() => undefined);
        held();
        server.close();
        process.send({ type: 'served' });
      }
    `;
    const { status, other, text } = runClusterScript<{ status: number; other: number; text: string }>(script);
    expect(status).toBe(200);
    expect(other).toBe(404);
    expect(text).toMatch(/shop_web_http_requests_total\{method="GET",route="page",status="200"\} 6/);
    expect(text).toMatch(/shop_web_http_requests_total\{method="GET",route="page",status="404"\} 2/);
    expect(text).toMatch(/shop_web_micro_cache_total\{result="hit"\} 2/);
    expect(text).toMatch(/shop_web_micro_cache_total\{result="miss"\} 6/);
    expect(text).toMatch(/shop_web_page_cache_total\{result="HIT"\} 2/);
    expect(text).toMatch(/shop_web_admission_shed_total\{reason="full"\} 2/);
    expect(text).toMatch(/shop_web_process_resident_memory_bytes \d+/);
    expect(text).not.toMatch(/kupalniki|missing/);
  });
});
