/** Live stock API (issue #13): the current value after an UPDATE, 404, 400 and never cached. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StockResponse } from '@/lib/api/contract/stock';
import { createApp } from '../../app';
import { rows } from '../../db/client';
import { CACHEABLE_PATHS } from '../../services/response-cache';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi(12);
});
afterAll(async () => {
  await api?.close();
});

/** A product with at least one size in stock, and that size. */
async function sizeInStock() {
  const [row] = await rows<{ product_id: number; offer_id: number; ext_id: string; stock: number }>(
    api.handle.db,
    sql`select o.product_id, o.id as offer_id, f.ext_id, f.stock from offer_features f join offers o on o.id = f.offer_id
        where f.stock > 0 order by o.product_id, f.id limit 1`,
  );
  if (!row) throw new Error('the seed has no size in stock');
  return row;
}

describe('GET /api/v1/stock/{pk}/', () => {
  it('answers every offer and size of the product, as the product page lists them', async () => {
    const { product_id } = await sizeInStock();
    const page = (await call(api, 'GET', `/api/v1/product_offer/?pk=${product_id}`)).json;
    const res = await call(api, 'GET', `/api/v1/stock/${product_id}/`);
    expect(res.status).toBe(200);
    const body = StockResponse.parse(res.json);
    expect(body.product).toBe(product_id);
    type PageFeature = { ext_id: string; stock: number; available: boolean };
    type PageOffer = {
      id: number;
      features: PageFeature[];
      features_top: PageFeature[];
      features_bottom: PageFeature[];
    };
    expect(body.offers.map((o) => o.offer)).toEqual((page.offers as PageOffer[]).map((o) => o.id));
    for (const [i, offer] of (page.offers as PageOffer[]).entries()) {
      const sizes = [...offer.features, ...offer.features_top, ...offer.features_bottom];
      expect(body.offers[i]?.features.map((f) => f.ext_id).sort()).toEqual(sizes.map((f) => f.ext_id).sort());
    }
  });

  it('answers the live value right after an UPDATE of offer_features.stock, with no-store', async () => {
    // The response cache is on here, as in production: the stock path must never be served from it.
    const cached = createApp(api.handle.db, { cacheTtlMs: 60_000 });
    const { product_id, ext_id } = await sizeInStock();
    const ask = async () => {
      const res = await cached.request(`/api/v1/stock/${product_id}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-api-cache')).toBeNull();
      const body = StockResponse.parse(await res.json());
      return body.offers.flatMap((o) => o.features).find((f) => f.ext_id === ext_id);
    };
    expect((await ask())?.available).toBe(true);

    await api.handle.db.execute(sql`update offer_features set stock = 0 where ext_id = ${ext_id}`);
    expect(await ask()).toEqual({ ext_id, stock: 0, available: false });

    await api.handle.db.execute(sql`update offer_features set stock = 3 where ext_id = ${ext_id}`);
    expect(await ask()).toEqual({ ext_id, stock: 3, available: true });
  });

  it('is not on the response cache allow-list', () => {
    for (const path of ['/api/v1/stock/1/', '/api/v1/stock/1', '/api/v1/stock/']) {
      expect(CACHEABLE_PATHS.some((re) => re.test(path))).toBe(false);
    }
  });

  it('answers 404 with a Russian message for an unknown product, uncached', async () => {
    const res = await cachedRequest('/api/v1/stock/2147483647/');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ status: 'error', message: 'Товар не найден' });
  });

  it('answers 400 for a pk that is not an int4 id', async () => {
    for (const pk of [
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      '2147483648',
      '99999999999',
      '%20',
      '%ZZ',
      '%00',
      '%2F',
      '%E0%A4%A',
    ]) {
      const res = await call(api, 'GET', `/api/v1/stock/${pk}/`);
      expect(res.status, pk).toBe(400);
      expect(res.json.status).toBe('error');
      expect(res.json.message).toMatch(/[а-яё]/i);
    }
  });
});

function cachedRequest(path: string) {
  return createApp(api.handle.db, { cacheTtlMs: 60_000 }).request(path);
}
