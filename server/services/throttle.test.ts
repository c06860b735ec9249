/**
 * Login/reset throttle stores (DESIGN.md "Auth and security", issue #16): a fixed window per key in
 * memory, and the same counts in Redis shared by several API instances (run with TEST_REDIS_URL,
 * e.g. redis://127.0.0.1:6379/15; .ci/run sets it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type Redis } from './redis';
import { MemoryThrottle, RedisThrottle, type ThrottleRule } from './throttle';

const rule: ThrottleRule = { max: 3, windowMs: 60_000 };

describe('MemoryThrottle', () => {
  it('limits a key after max events in its window, forgets it after the window or on clear', async () => {
    let now = 1_000_000;
    const throttle = new MemoryThrottle(() => now);
    for (let i = 0; i < 3; i += 1) {
      expect(await throttle.isLimited(rule, 'login:pair:a@b.ru:1.2.3.4')).toBe(false);
      await throttle.hit(rule, 'login:pair:a@b.ru:1.2.3.4');
    }
    expect(await throttle.isLimited(rule, 'login:pair:a@b.ru:1.2.3.4')).toBe(true);
    expect(await throttle.isLimited(rule, 'login:pair:a@b.ru:5.6.7.8')).toBe(false);
    now += 60_001;
    expect(await throttle.isLimited(rule, 'login:pair:a@b.ru:1.2.3.4')).toBe(false);
    for (let i = 0; i < 3; i += 1) await throttle.hit(rule, 'k');
    await throttle.clear('k');
    expect(await throttle.isLimited(rule, 'k')).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('RedisThrottle (two API instances, one Redis)', () => {
  let first: Redis;
  let second: Redis;
  const prefix = `test:throttle:${process.pid}:${Date.now()}:`;
  beforeAll(async () => {
    first = await connectRedis(process.env.TEST_REDIS_URL!);
    second = await connectRedis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    for await (const keys of first.scanIterator({ MATCH: `${prefix}*` })) if (keys.length) await first.del(keys);
    await first?.close();
    await second?.close();
  });

  it('counts events made through either instance against one limit', async () => {
    const a = new RedisThrottle(first, prefix);
    const b = new RedisThrottle(second, prefix);
    await a.hit(rule, 'login:client:203.0.113.9');
    await b.hit(rule, 'login:client:203.0.113.9');
    expect(await a.isLimited(rule, 'login:client:203.0.113.9')).toBe(false);
    await a.hit(rule, 'login:client:203.0.113.9');
    expect(await b.isLimited(rule, 'login:client:203.0.113.9')).toBe(true);
    expect(await a.isLimited(rule, 'login:client:203.0.113.10')).toBe(false);
    await b.clear('login:client:203.0.113.9');
    expect(await a.isLimited(rule, 'login:client:203.0.113.9')).toBe(false);
  });

  it('ends the window its first event started, not a later one', async () => {
    const a = new RedisThrottle(first, prefix);
    const short: ThrottleRule = { max: 2, windowMs: 300 };
    await a.hit(short, 'w');
    await new Promise((r) => setTimeout(r, 200));
    await a.hit(short, 'w');
    expect(await a.isLimited(short, 'w')).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(await a.isLimited(short, 'w')).toBe(false);
  });

  it('lets requests through (not limited) when Redis cannot answer', async () => {
    const lost = await connectRedis(process.env.TEST_REDIS_URL!);
    await lost.close();
    const a = new RedisThrottle(lost, prefix);
    await a.hit(rule, 'gone');
    expect(await a.isLimited(rule, 'gone')).toBe(false);
  });
});
