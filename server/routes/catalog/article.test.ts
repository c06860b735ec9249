/**
 * Issue #28 "The retailer's article (`Артикул`, `vendorCode`) is shown and searchable": the product
 * page's `article`, and search finding a product by its article typed exactly — first, before
 * goods whose name merely contains the same number — with the catalogue index on and off.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProductDetail, SearchPage } from '@/lib/api/contract/catalog';
import { rows } from '../../db/client';
import { noteProductsChanged } from '../../services/catalog-index';
import { call, createTestApi, restoreServerEnv, stubServerEnv, type TestApi } from '../../test-utils';

let api: TestApi;
/** Products of the seeded catalogue: `withArticle` gets "5420", `slashed` "AB-123/45", `named` a name with 5420. */
let withArticle: number;
let slashed: number;
let named: number;
let demo: number;

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api.handle;
  // The least popular products, so popularity cannot be what puts them first.
  const ids = (await rows<{ id: number }>(db, sql`select id from products order by popularity asc, id limit 3`)).map(
    (r) => Number(r.id),
  );
  [withArticle, slashed, named] = ids as [number, number, number];
  const [top] = await rows<{ id: number }>(db, sql`select id from products order by popularity desc, id limit 1`);
  demo = Number(top!.id);
  await db.execute(sql`update products set article = '5420' where id = ${withArticle}`);
  await db.execute(sql`update products set article = 'AB-123/45' where id = ${slashed}`);
  // Another shop's product whose name carries the same number (and is far more popular): full
  // text finds it too, but the exact article is what the shopper typed.
  await db.execute(sql`update products set name = 'Платье 5420', popularity = 1000000 where id = ${named}`);
  noteProductsChanged(db, [withArticle, slashed, named]);
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => restoreServerEnv());

async function search(q: string) {
  const res = await call(api, 'GET', `/api/v1/search/${encodeURIComponent(q)}/?limit=24&offset=0`);
  expect(res.status, q).toBe(200);
  return SearchPage.parse(res.json);
}

describe('product page article', () => {
  it('serves the retailer’s article, and null for a demo product', async () => {
    const imported = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${withArticle}`)).json);
    expect(imported.article).toBe('5420');
    const plain = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${demo}`)).json);
    expect(plain.article).toBeNull();
  });
});

describe.each(['on', 'off'])('search by article (CATALOG_INDEX=%s)', (mode) => {
  it('puts the product with the typed article first, before a name with the same number', async () => {
    stubServerEnv({ CATALOG_INDEX: mode });
    const found = await search('5420');
    expect(found.results[0]?.id).toBe(withArticle);
    // Full text still finds the other product, after it.
    expect(found.results.map((r) => r.id)).toContain(named);
  });

  it('finds an article with a slash and a dash, typed in lower case', async () => {
    stubServerEnv({ CATALOG_INDEX: mode });
    expect((await search('AB-123/45')).results[0]?.id).toBe(slashed);
    expect((await search('  ab-123/45 ')).results[0]?.id).toBe(slashed);
  });

  it('finds a demo product (no article) by the number its page shows', async () => {
    stubServerEnv({ CATALOG_INDEX: mode });
    expect((await search(String(demo))).results[0]?.id).toBe(demo);
  });

  it('does not take a part of an article for the article', async () => {
    stubServerEnv({ CATALOG_INDEX: mode });
    const found = await search('AB-123');
    expect(found.results[0]?.id).not.toBe(slashed);
  });
});

describe('facets of an article search', () => {
  it('describe the found product', async () => {
    const res = await call(api, 'GET', `/api/v1/all/filters/?search=${encodeURIComponent('AB-123/45')}`);
    expect(res.status).toBe(200);
    expect(res.json.count).toBeGreaterThanOrEqual(1);
  });
});
