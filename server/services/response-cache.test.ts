/** The in-process cache of public catalogue answers (issue #7): what is cached, for whom, how long. */
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { responseCache } from './response-cache';
import type { AppEnv } from '../types';

function makeApp(ttlMs: number) {
  const calls = { offers: 0, user: 0 };
  const app = new Hono<AppEnv>({ strict: false });
  app.use('/api/*', responseCache({ ttlMs, maxEntries: 2 }));
  app.get('/api/v1/offers/:path{.+}', async (c) => {
    calls.offers += 1;
    await new Promise((r) => setTimeout(r, 5));
    if (c.req.param('path').startsWith('net')) return c.json({ status: 'error', message: 'Не найдено' }, 404);
    return c.json({ n: calls.offers, path: c.req.param('path') });
  });
  app.get('/api/v1/get_user', (c) => {
    calls.user += 1;
    return c.json({ n: calls.user });
  });
  return { app, calls };
}

afterEach(() => vi.useRealTimers());

describe('responseCache', () => {
  it('answers repeated anonymous catalogue GETs from memory until the TTL ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app, calls } = makeApp(10_000);
    const first = await app.request('/api/v1/offers/kupalniki/?limit=24');
    expect(first.headers.get('X-Api-Cache')).toBe('miss');
    const second = await app.request('/api/v1/offers/kupalniki?limit=24');
    expect(second.headers.get('X-Api-Cache')).toBe('hit');
    expect((await second.json()).n).toBe(1);
    expect(calls.offers).toBe(1);
    // Another query is another answer.
    await app.request('/api/v1/offers/kupalniki/?limit=48');
    expect(calls.offers).toBe(2);
    vi.setSystemTime(Date.now() + 10_001);
    await app.request('/api/v1/offers/kupalniki/?limit=24');
    expect(calls.offers).toBe(3);
  });

  it('shares one computation between concurrent misses', async () => {
    const { app, calls } = makeApp(10_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.request('/api/v1/offers/obuv/')));
    expect(calls.offers).toBe(1);
    expect(answers.every((r) => r.status === 200)).toBe(true);
  });

  it('never caches errors, requests with a token, other paths, or with TTL 0', async () => {
    const { app, calls } = makeApp(10_000);
    await app.request('/api/v1/offers/net-takoj/');
    await app.request('/api/v1/offers/net-takoj/');
    expect(calls.offers).toBe(2);
    await app.request('/api/v1/offers/obuv/', { headers: { Authorization: 'Token abc' } });
    await app.request('/api/v1/offers/obuv/', { headers: { Authorization: 'Token abc' } });
    expect(calls.offers).toBe(4);
    await app.request('/api/v1/get_user');
    await app.request('/api/v1/get_user');
    expect(calls.user).toBe(2);
    const off = makeApp(0);
    await off.app.request('/api/v1/offers/obuv/');
    await off.app.request('/api/v1/offers/obuv/');
    expect(off.calls.offers).toBe(2);
  });

  it('does not hand a request after a catalogue change the answer of a computation begun before it (issue #13)', async () => {
    const { invalidateResponseCaches } = await import('./response-cache');
    const { app, calls } = makeApp(10_000);
    const before = app.request('/api/v1/offers/obuv/');
    await vi.waitFor(() => expect(calls.offers).toBe(1));
    invalidateResponseCaches(); // the price changes while the first answer is being computed
    const after = await app.request('/api/v1/offers/obuv/');
    await before;
    // Its own computation, not the one begun before the change.
    expect(after.headers.get('X-Api-Cache')).toBe('miss');
    expect(calls.offers).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const { app, calls } = makeApp(10_000);
    for (const path of ['a', 'b', 'c', 'a']) await app.request(`/api/v1/offers/${path}/`);
    expect(calls.offers).toBe(4);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('responseCache on Redis (issue #16: two API instances)', () => {
  it('serves an answer computed by one instance from the other until a catalogue change on either', async () => {
    const { connectRedis } = await import('./redis');
    const { invalidateResponseCaches } = await import('./response-cache');
    const clients = [await connectRedis(process.env.TEST_REDIS_URL!), await connectRedis(process.env.TEST_REDIS_URL!)];
    const redisPrefix = `test:api-cache:${process.pid}:${Date.now()}:`;
    try {
      let computed = 0;
      const instances = clients.map((redis) => {
        const app = new Hono<AppEnv>({ strict: false });
        app.use('/api/*', responseCache({ ttlMs: 10_000, redis, redisPrefix }));
        app.get('/api/v1/offers/:path{.+}', (c) => c.json({ n: (computed += 1) }));
        return app;
      });
      const first = await instances[0]!.request('/api/v1/offers/obuv/?limit=24');
      expect(first.headers.get('X-Api-Cache')).toBe('miss');
      const other = await instances[1]!.request('/api/v1/offers/obuv?limit=24');
      expect(other.headers.get('X-Api-Cache')).toBe('hit');
      expect((await other.json()).n).toBe(1);
      invalidateResponseCaches();
      await new Promise((r) => setTimeout(r, 50)); // the invalidation time is written without waiting
      const after = await instances[1]!.request('/api/v1/offers/obuv/?limit=24');
      expect(after.headers.get('X-Api-Cache')).toBe('miss');
      expect((await after.json()).n).toBe(2);
      // Issue #13: a request after a change never joins a computation begun before it.
      const slow = new Hono<AppEnv>({ strict: false });
      slow.use('/api/*', responseCache({ ttlMs: 10_000, redis: clients[0]!, redisPrefix }));
      slow.get('/api/v1/offers/:path{.+}', async (c) => {
        const n = (computed += 1);
        await new Promise((r) => setTimeout(r, 30));
        return c.json({ n });
      });
      const begun = slow.request('/api/v1/offers/odezhda/');
      await new Promise((r) => setTimeout(r, 5));
      invalidateResponseCaches();
      const later = await slow.request('/api/v1/offers/odezhda/');
      expect((await later.json()).n).toBe((await (await begun).json()).n + 1);
    } finally {
      for await (const keys of clients[0]!.scanIterator({ MATCH: `${redisPrefix}*` }))
        if (keys.length) await clients[0]!.del(keys);
      for (const client of clients) await client.close();
    }
  });
});
