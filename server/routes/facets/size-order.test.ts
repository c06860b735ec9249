/**
 * Issue #28 "Sizes are sorted in size order": an exchange that stored a product's sizes as 38, 40,
 * 42, 36 (in that order, or with `offer_features.sort` in that order) still shows 36, 38, 40, 42 in
 * the size facet and on the listing card; the product page's size picker follows `sort` (the
 * importer's and the seed's order) and, where `sort` says nothing (all equal), size order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProductDetail, SearchPage } from '@/lib/api/contract/catalog';
import { Facets } from '@/lib/api/contract/facets';
import { rows, type Db } from '../../db/client';
import { noteCatalogChanged } from '../../services/catalog-index';
import { call, createTestApi, restoreServerEnv, stubServerEnv, type TestApi } from '../../test-utils';

let api: TestApi;
/** Sizes 38, 40, 42, 36 inserted in that order, `sort` all 0 (an exchange that sent no order). */
let unordered: number;
/** Sizes 62, 64, 66, 60 with `sort` 0, 1, 2, 3 (names the seed never uses, sorted wrongly). */
let missorted: number;

/** Replaces the sizes of the product's first offer with `sizes` ([name, sort]), 5 pieces each. */
async function setSizes(db: Db, productId: number, sizes: Array<[string, number]>): Promise<void> {
  const [offer] = await rows<{ id: number }>(
    db,
    sql`select id from offers where product_id = ${productId} order by sort, id limit 1`,
  );
  await db.execute(
    sql`delete from offer_features where offer_id in (select id from offers where product_id = ${productId})`,
  );
  for (const [name, sort] of sizes) {
    await db.execute(
      sql`insert into offer_features (offer_id, kind, name, ext_id, stock, sort)
          values (${offer!.id}, 'size', ${name}, ${`size-order-${productId}-${name}`}, 5, ${sort})`,
    );
  }
}

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api.handle;
  const [a, b] = await rows<{ id: number }>(
    db,
    sql`select p.id from products p where p.type <> 'swimsuit-separate' order by p.id limit 2`,
  );
  unordered = Number(a!.id);
  missorted = Number(b!.id);
  await setSizes(db, unordered, [
    ['38', 0],
    ['40', 0],
    ['42', 0],
    ['36', 0],
  ]);
  await setSizes(db, missorted, [
    ['62', 0],
    ['64', 1],
    ['66', 2],
    ['60', 3],
  ]);
  // Articles let one search (and its facets) find exactly one of them.
  await db.execute(sql`update products set article = 'SIZEORDER-A' where id = ${unordered}`);
  await db.execute(sql`update products set article = 'SIZEORDER-B' where id = ${missorted}`);
  noteCatalogChanged(db);
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => restoreServerEnv());

async function facetSizes(article: string): Promise<string[]> {
  const res = await call(api, 'GET', `/api/v1/all/filters/?search=${encodeURIComponent(article)}`);
  expect(res.status).toBe(200);
  const facets = Facets.parse(res.json);
  expect(facets.count, 'the search finds the one product').toBe(1);
  return facets.sizes.map((s) => s.label);
}

async function cardSizes(article: string, id: number): Promise<string[]> {
  const res = await call(api, 'GET', `/api/v1/search/${encodeURIComponent(article)}/`);
  const card = SearchPage.parse(res.json).results.find((r) => r.id === id);
  expect(card).toBeDefined();
  return card!.sizes;
}

describe.each(['on', 'off'])('size order (CATALOG_INDEX=%s)', (mode) => {
  it('lists the size facet in size order', async () => {
    stubServerEnv({ CATALOG_INDEX: mode });
    expect(await facetSizes('SIZEORDER-A')).toEqual(['36', '38', '40', '42']);
    expect(await facetSizes('SIZEORDER-B')).toEqual(['60', '62', '64', '66']);
  });

  it('lists a card’s sizes in size order', async () => {
    stubServerEnv({ CATALOG_INDEX: mode });
    expect(await cardSizes('SIZEORDER-A', unordered)).toEqual(['36', '38', '40', '42']);
    expect(await cardSizes('SIZEORDER-B', missorted)).toEqual(['60', '62', '64', '66']);
  });
});

describe('size picker order', () => {
  it('puts sizes without an order of their own in size order', async () => {
    const product = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${unordered}`)).json);
    expect(product.offers[0]!.features.map((f) => f.name)).toEqual(['36', '38', '40', '42']);
  });

  it('keeps the demo catalogue’s own order (offer_features.sort)', async () => {
    const { db } = api.handle;
    const [demo] = await rows<{ id: number }>(
      db,
      sql`select o.product_id as id from offers o join offer_features f on f.offer_id = o.id
          where f.kind = 'size' and o.product_id not in (${unordered}, ${missorted})
          group by o.product_id having count(*) >= 3 order by o.product_id limit 1`,
    );
    const product = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${demo!.id}`)).json);
    const offer = product.offers[0]!;
    const stored = await rows<{ name: string }>(
      db,
      sql`select name from offer_features where offer_id = ${offer.id} and kind = 'size' order by sort, id`,
    );
    expect(offer.features.map((f) => f.name)).toEqual(stored.map((s) => s.name));
  });
});
