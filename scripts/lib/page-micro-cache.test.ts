import { createServer, type Server } from 'node:http';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { rawGet } from './http-get.test-helper';
import { PageMicroCache } from './page-micro-cache.mjs';
import type { AddressInfo } from 'node:net';

/**
 * The micro-cache in front of Next (scripts/serve.mjs, issue #7) against a stand-in for Next that
 * numbers its answers, so a cached answer shows as an old number.
 */
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const ISR = {
  'cache-control': 's-maxage=60, stale-while-revalidate=31535940',
  vary: 'rsc, next-router-state-tree, Accept-Encoding',
};

async function start(
  options: { maxAgeMs?: number; maxBytes?: number; staleMs?: number; revalidatedStaleMs?: number } = {},
) {
  const cache = new PageMicroCache(options);
  let calls = 0;
  const server = createServer(async (req, res) => {
    if (cache.serve(req, res)) return;
    cache.capture(req, res);
    calls += 1;
    const body = `answer ${calls} for ${req.url}`;
    if (req.url?.startsWith('/slower')) await new Promise((resolve) => setTimeout(resolve, 700));
    else if (req.url?.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 150));
    // Next normalises the URL while it handles a request
    req.url = req.url?.replace(',', '%2C');
    const path = req.url ?? '/';
    if (path.startsWith('/private'))
      res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    else for (const [name, value] of Object.entries(ISR)) res.setHeader(name, value);
    if (path.startsWith('/cookie')) res.setHeader('set-cookie', 'lkData=1; Path=/');
    if (path.startsWith('/vary-cookie')) res.setHeader('vary', 'Cookie');
    if (path.startsWith('/missing')) res.statusCode = 404;
    if (path.startsWith('/big')) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('x'.repeat(600));
      return;
    }
    if (path.startsWith('/gzip') && String(req.headers['accept-encoding'] ?? '').includes('gzip')) {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(body));
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    // written in two chunks, as a streamed page is
    res.write(body.slice(0, 5));
    res.end(body.slice(5));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}) => rawGet(port, path, headers);
  return { get, calls: () => calls, cache };
}

describe('PageMicroCache (scripts/serve.mjs, issue #7)', () => {
  it('answers a repeated request for a cacheable page from memory, with the same body and headers', async () => {
    const shop = await start();
    const first = await get(shop, '/kupalniki?size=S,M');
    const second = await get(shop, '/kupalniki?size=S,M');
    expect(first.body.toString()).toBe('answer 1 for /kupalniki?size=S,M');
    expect(second.body.toString()).toBe('answer 1 for /kupalniki?size=S,M');
    expect(second.headers['x-micro-cache']).toBe('HIT');
    expect(second.headers['cache-control']).toBe(ISR['cache-control']);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['content-length']).toBe(String(second.body.length));
    expect(Number(second.headers.age)).toBeGreaterThanOrEqual(0);
    expect(shop.calls()).toBe(1);
    // another URL (another filter) is another page
    expect((await get(shop, '/kupalniki?size=M')).body.toString()).toBe('answer 2 for /kupalniki?size=M');
  });

  it('sends client navigations, reloads and other methods to Next', async () => {
    const shop = await start();
    await get(shop, '/obuv');
    expect((await get(shop, '/obuv', { rsc: '1' })).body.toString()).toBe('answer 2 for /obuv');
    expect((await get(shop, '/obuv', { 'cache-control': 'no-cache' })).body.toString()).toBe('answer 3 for /obuv');
    expect((await get(shop, '/obuv', { authorization: 'Bearer x' })).body.toString()).toBe('answer 4 for /obuv');
    // the reload's fresh answer replaced the stored one; the navigation's and the authorised ones did not
    expect((await get(shop, '/obuv')).body.toString()).toBe('answer 3 for /obuv');
  });

  it('never stores private pages, pages that set a cookie or vary on it, and errors', async () => {
    const shop = await start();
    for (const path of ['/private/basket', '/cookie', '/vary-cookie', '/missing']) {
      const first = await get(shop, path);
      const second = await get(shop, path);
      expect(second.body.toString()).not.toBe(first.body.toString());
      expect(second.headers['x-micro-cache']).toBeUndefined();
    }
    expect((await get(shop, '/missing')).status).toBe(404);
  });

  it('keeps answers for different Accept-Encoding apart: no gzip body for a client that did not ask', async () => {
    const shop = await start();
    const gzip = await get(shop, '/gzip', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get(shop, '/gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('answer 2 for /gzip');
    const gzipAgain = await get(shop, '/gzip', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipAgain.headers['x-micro-cache']).toBe('HIT');
    expect(gunzipSync(gzipAgain.body).toString()).toBe('answer 1 for /gzip');
  });

  it('forgets an answer after maxAgeMs, and keeps nothing with 0', async () => {
    const shop = await start({ maxAgeMs: 60 });
    await get(shop, '/');
    expect((await get(shop, '/')).body.toString()).toBe('answer 1 for /');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await get(shop, '/')).body.toString()).toBe('answer 2 for /');

    const off = await start({ maxAgeMs: 0 });
    await get(off, '/');
    expect((await get(off, '/')).body.toString()).toBe('answer 2 for /');
  });

  it('lets one request refresh an expired page while the others still get the expired copy', async () => {
    const shop = await start({ maxAgeMs: 40, staleMs: 5000 });
    await get(shop, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 80));
    const refresh = get(shop, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const meanwhile = await Promise.all([get(shop, '/slow'), get(shop, '/slow')]);
    expect(meanwhile.map((r) => r.body.toString())).toEqual(['answer 1 for /slow', 'answer 1 for /slow']);
    expect((await refresh).body.toString()).toBe('answer 2 for /slow');
    expect(shop.calls()).toBe(2);
    expect((await get(shop, '/slow')).body.toString()).toBe('answer 2 for /slow');
  });

  it('never answers with a copy older than maxAgeMs + staleMs, even while a refresh is slow', async () => {
    // Margins of ~100 ms on each side: the test must hold on a busy CI machine.
    const shop = await start({ maxAgeMs: 50, staleMs: 200 });
    await get(shop, '/slower'); // stored when it finishes
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refresh = get(shop, '/slower'); // takes 700 ms
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get(shop, '/slower')).body.toString()).toBe('answer 1 for /slower'); // ~150 ms old: stale but allowed
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await get(shop, '/slower')).body.toString()).toBe('answer 3 for /slower'); // > 250 ms old: to Next
    expect((await refresh).body.toString()).toBe('answer 2 for /slower');
  });

  it('drops the least recently used pages beyond maxBytes', async () => {
    const shop = await start({ maxBytes: 2500 });
    await get(shop, '/big/a');
    await get(shop, '/big/b');
    await get(shop, '/big/c');
    await get(shop, '/big/d'); // 4 × (600 + 512) > 2500: /big/a and /big/b are dropped
    expect(shop.calls()).toBe(4);
    await get(shop, '/big/d');
    expect(shop.calls()).toBe(4);
    await get(shop, '/big/a');
    expect(shop.calls()).toBe(5);
  });

  it('forgets every page on clear(), also one being rendered meanwhile (issue #13 revalidation)', async () => {
    const shop = await start({ maxAgeMs: 60_000 });
    await get(shop, '/kupalniki');
    shop.cache.clear();
    expect((await get(shop, '/kupalniki')).body.toString()).toBe('answer 2 for /kupalniki');
    // A render that started before a clear is answered but not kept.
    const slow = get(shop, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    shop.cache.clear();
    await slow;
    expect((await get(shop, '/slow')).body.toString()).toBe('answer 4 for /slow');
  });

  it('after expire(), one request renders the page again while the others get the old copy for a bounded time (issue #13)', async () => {
    const shop = await start({ maxAgeMs: 60_000, revalidatedStaleMs: 400 });
    await get(shop, '/slow/page');
    shop.cache.expire();
    // The first request after the revalidation goes to Next; one asked meanwhile gets the old copy.
    const refresh = get(shop, '/slow/page');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await get(shop, '/slow/page')).body.toString()).toBe('answer 1 for /slow/page');
    expect((await refresh).body.toString()).toBe('answer 2 for /slow/page');
    expect((await get(shop, '/slow/page')).body.toString()).toBe('answer 2 for /slow/page');
  });

  it('after expire(), never answers with the old copy past revalidatedStaleMs, even while its refresh is slow', async () => {
    const shop = await start({ maxAgeMs: 60_000, revalidatedStaleMs: 400 });
    const old = (await get(shop, '/slower/page')).body.toString();
    shop.cache.expire();
    const refresh = get(shop, '/slower/page'); // takes 700 ms
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get(shop, '/slower/page')).body.toString()).toBe(old);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await get(shop, '/slower/page')).body.toString()).not.toBe(old);
    await refresh;
  });

  it('does not keep a page whose render began before expire()', async () => {
    const shop = await start({ maxAgeMs: 60_000 });
    await get(shop, '/slow/x');
    shop.cache.expire();
    const refresh = get(shop, '/slow/x'); // renders answer 2 ...
    await new Promise((resolve) => setTimeout(resolve, 50));
    shop.cache.expire(); // ... across a second revalidation
    expect((await refresh).body.toString()).toBe('answer 2 for /slow/x');
    // Not kept: the next request renders again instead of getting answer 2 as fresh.
    expect((await get(shop, '/slow/x')).body.toString()).toBe('answer 3 for /slow/x');
  });
});

function get(shop: Awaited<ReturnType<typeof start>>, path: string, headers?: Record<string, string>) {
  return shop.get(path, headers);
}
