/**
 * Field Core Web Vitals API (issue #30, docs/lighthouse.md "Field data"): a shopper's beacon is
 * counted and shows in the operator's p75 per page type; a bad beacon (malformed, too large, not
 * JSON, unknown page type or field, out of range) is a 4xx with a Russian message and changes
 * nothing; a client over its limit gets 429; the report needs the operator's token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/contract/common';
import { VitalsReport } from '@/lib/api/contract/vitals';
import { RATE_LIMIT_RULES } from '../../services/rate-limit';
import { call, createTestApi, restoreServerEnv, stubServerEnv, type TestApi } from '../../test-utils';

const TOKEN = 'operator-token-of-the-vitals-test-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
let api: TestApi;
beforeAll(async () => {
  stubServerEnv({ OPERATOR_TOKEN: TOKEN });
  api = await createTestApi(20);
});
afterAll(async () => {
  restoreServerEnv();
  await api?.close();
});

let clientSeq = 0;
const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++clientSeq}` });

async function report() {
  const res = await call(api, 'GET', '/api/v1/operator/vitals/', undefined, auth);
  expect(res.status).toBe(200);
  return VitalsReport.parse(res.json);
}
const pageOf = async (page: string) => (await report()).pages.find((p) => p.page === page)!;

describe('POST /api/v1/vitals/ and GET /api/v1/operator/vitals/', () => {
  it('counts beacons and reports the p75 of each metric per page type', async () => {
    const client = newClient();
    // LCP 1000…4000 ms: p75 (nearest rank) of four values is the third.
    for (const [lcp, cls] of [
      [1000, 0],
      [2000, 0.01],
      [3000, 0.2],
      [4000, 0.05],
    ] as const) {
      const res = await call(
        api,
        'POST',
        '/api/v1/vitals/',
        { page: 'listing', lcp, cls, ttfb: 300, inp: 120 },
        client,
      );
      expect(res.status).toBe(204);
    }
    await call(api, 'POST', '/api/v1/vitals/', { page: 'checkout', inp: 80 }, client);
    const listing = await pageOf('listing');
    expect(listing.views).toBe(4);
    expect(listing.lcp).toEqual({ p75: 3000, samples: 4 });
    expect(listing.cls).toEqual({ p75: 0.05, samples: 4 });
    expect(listing.ttfb.p75).toBe(300);
    const checkout = await pageOf('checkout');
    expect(checkout).toMatchObject({ views: 1, inp: { p75: 80, samples: 1 }, lcp: { p75: null, samples: 0 } });
    expect((await report()).pages.map((p) => p.page)).toEqual([
      'home',
      'listing',
      'product',
      'search',
      'basket',
      'checkout',
    ]);
  });

  it('refuses bad beacons with a 4xx and a Russian message, and counts none of them', async () => {
    const before = await pageOf('product');
    const client = newClient();
    const bad: [unknown, number, Record<string, string>?][] = [
      [{ page: 'admin', lcp: 1000 }, 400],
      [{ page: 'product' }, 400],
      [{ page: 'product', lcp: -5 }, 400],
      [{ page: 'product', lcp: 1e9 }, 400],
      [{ page: 'product', lcp: 1000, cookie: 'x' }, 400],
      ['{"page":"product",', 400],
      [{ page: 'product', lcp: 1000, pad: 'x'.repeat(600) }, 413],
      ['page=product&lcp=1000', 415, { 'content-type': 'application/x-www-form-urlencoded' }],
    ];
    for (const [body, status, headers] of bad) {
      const res = await call(api, 'POST', '/api/v1/vitals/', body, { ...client, ...headers });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(ApiError.parse(res.json).message).toMatch(/[а-яё]/i);
    }
    expect(await pageOf('product')).toEqual(before);
  });

  it('answers 429 past the per-client limit, also for bad beacons', async () => {
    const client = newClient();
    for (let i = 0; i < RATE_LIMIT_RULES.vitals.max; i += 1)
      await call(api, 'POST', '/api/v1/vitals/', i % 2 ? { page: 'home', lcp: 900 } : 'garbage', client);
    const res = await call(api, 'POST', '/api/v1/vitals/', { page: 'home', lcp: 900 }, client);
    expect(res.status).toBe(429);
    expect(ApiError.parse(res.json).message).toMatch(/^Слишком много замеров/);
    expect((await call(api, 'POST', '/api/v1/vitals/', { page: 'home', lcp: 900 }, newClient())).status).toBe(204);
  });

  it('reports only to the operator', async () => {
    expect((await call(api, 'GET', '/api/v1/operator/vitals/')).status).toBe(401);
    expect(
      (await call(api, 'GET', '/api/v1/operator/vitals/', undefined, { authorization: 'Bearer wrong' })).status,
    ).toBe(401);
  });

  it('declares both routes in the OpenAPI document', async () => {
    const doc = (await call(api, 'GET', '/api/openapi.json')).json;
    expect(Object.keys(doc.paths['/api/v1/vitals/'])).toEqual(['post']);
    expect(doc.paths['/api/v1/operator/vitals/'].get.security).toEqual([{ Operator: [] }]);
  });
});
