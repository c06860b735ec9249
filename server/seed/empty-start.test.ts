/**
 * Issue #28 item 5 "Start empty": `SEED_PRODUCTS=0` / `DEMO_MODE=0` seed the shop's structure,
 * content and settings but no demo goods; the database then counts as seeded (an owner's import
 * is never joined by demo goods at the next start); and the API answers every catalogue, content
 * and SEO call on the empty catalogue without a 5xx. (The product feeds are built into files in the
 * background, issue #28 item 9; their own tests cover an empty build.)
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, rows, type DbHandle } from '../db/client';
import {
  articles,
  banners,
  brands,
  categories,
  cities,
  colors,
  giftCardNominals,
  giftCards,
  infoPages,
  landingPages,
  organization,
  products,
  promoCodes,
  regions,
  seoRecords,
  tags,
  users,
} from '../db/schema';
import { readServerEnv } from '../env';
import { seedProductCount } from '../services/demo-mode';
import { createTestApi, type TestApi } from '../test-utils';
import { isGenericFilter } from './empty-start';
import { seedDatabase, type SeedSummary } from './index';
import type { PgTable } from 'drizzle-orm/pg-core';

describe('seedProductCount (SEED_PRODUCTS × DEMO_MODE)', () => {
  const env = (vars: Record<string, string>) => {
    const all: Record<string, string> = { SITE_URL: 'http://localhost:3000', ...vars };
    return readServerEnv(all as NodeJS.ProcessEnv);
  };

  it('accepts 0 and lets an explicit value win over demo mode', () => {
    expect(seedProductCount(env({ SEED_PRODUCTS: '0' }))).toBe(0);
    expect(seedProductCount(env({ SEED_PRODUCTS: '0', DEMO_MODE: '1' }))).toBe(0);
    expect(seedProductCount(env({ SEED_PRODUCTS: '500', DEMO_MODE: '0' }))).toBe(500);
  });

  it('defaults to 3000 in demo mode and 0 outside it', () => {
    expect(seedProductCount(env({}))).toBe(3000);
    expect(seedProductCount(env({ DEMO_MODE: '0' }))).toBe(0);
    expect(seedProductCount(env({ SITE_URL: 'https://shop.example.ru' }))).toBe(0);
    expect(seedProductCount(env({ SITE_URL: 'https://shop.example.ru', DEMO_MODE: '1' }))).toBe(3000);
  });

  it('still refuses a negative count', () => {
    expect(() => env({ SEED_PRODUCTS: '-1' })).toThrow(/SEED_PRODUCTS/);
  });
});

describe('an empty start (products: 0, demo off)', () => {
  let handle: DbHandle;
  let summary: SeedSummary;
  const n = async (table: PgTable) => (await handle.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  beforeAll(async () => {
    handle = await openDb('memory://');
    summary = await seedDatabase(handle.db, { products: 0, demo: false });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('seeds the 7 sections, content and settings, and no demo goods', async () => {
    expect(summary.skipped).toBe(false);
    expect(summary.products).toBe(0);
    const cats = await handle.db.select({ level: categories.level, path: categories.path }).from(categories);
    expect(cats.map((c) => c.path).sort()).toEqual(
      ['aksessuary', 'bele', 'detskoe', 'kupalniki', 'muzhskoe', 'obuv', 'odezhda'].sort(),
    );
    expect(await n(products)).toBe(0);
    expect(await n(brands)).toBe(0);
    expect(await n(landingPages)).toBe(0);
    expect(await n(users)).toBe(0);
    expect(await n(giftCards)).toBe(0);
    expect(await n(colors)).toBe(16);
    expect(await n(organization)).toBe(1);
    expect(await n(infoPages)).toBeGreaterThan(5);
    expect(await n(articles)).toBeGreaterThan(0);
    expect(await n(banners)).toBeGreaterThan(0);
    expect(await n(seoRecords)).toBeGreaterThanOrEqual(12);
    expect(await n(regions)).toBeGreaterThan(50);
    expect(await n(cities)).toBeGreaterThan(50);
    expect(await n(promoCodes)).toBeGreaterThan(0);
    expect(await n(giftCardNominals)).toBe(5);
    // Only the sale / new / price tags, which any retailer's goods fill.
    const tagRows = await handle.db.select({ filter: tags.filter }).from(tags);
    expect(tagRows.length).toBeGreaterThan(0);
    expect(tagRows.every((t) => isGenericFilter(t.filter))).toBe(true);
    // No demo brand's name in the shop's SEO texts.
    const seo = await rows<{ description: string }>(handle.db, sql`select description from seo_records`);
    expect(seo.some((s) => /Maaji|Beach Bunny/.test(s.description))).toBe(false);
  });

  it('is not seeded again once the owner has imported a product', async () => {
    // What an import writes: its own brand and a product with ext_id in a section.
    const [brand] = await handle.db
      .insert(brands)
      .values({ name: 'Своя марка', slug: 'svoya-marka', nameRu: 'Своя марка', country: '' })
      .returning({ id: brands.id });
    const [section] = await rows<{ id: number }>(handle.db, sql`select id from categories where path = 'odezhda'`);
    await handle.db.insert(products).values({
      id: 1,
      slug: 'plate-midi',
      name: 'Платье миди',
      type: 'dress',
      brandId: brand!.id,
      categoryId: section!.id,
      description: '',
      composition: '',
      material: '',
      country: '',
      care: '',
      price: 4990,
      searchText: 'платье миди',
      createdAt: new Date(),
      extId: 'yml-1',
    });
    const again = await seedDatabase(handle.db, { products: 3000, demo: true });
    expect(again.skipped).toBe(true);
    expect(await n(products)).toBe(1);
    expect(await n(categories)).toBe(7);
    expect(await n(users)).toBe(0);
  });
});

describe('the API on an empty catalogue', () => {
  let api: TestApi;

  beforeAll(async () => {
    // PGlite, or PostgreSQL with TEST_DATABASE_URL (CI runs both).
    api = await createTestApi(0);
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = async (path: string, init?: RequestInit) => {
    const res = await api.app.request(path, init);
    return { status: res.status, body: await res.text() };
  };
  const post = (path: string, body: unknown) =>
    get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers listings, search, home, menu, facets, SEO and sitemap without a 5xx', async () => {
    const q = encodeURIComponent('платье миди');
    const answers = {
      preview: await get('/api/v1/preview_category/'),
      categories: await get('/api/v1/categories'),
      category: await get('/api/v1/category/kupalniki'),
      brands: await get('/api/v1/brands'),
      colors: await get('/api/v1/color'),
      all: await get('/api/v1/offers/?limit=24'),
      section: await get('/api/v1/offers/kupalniki/?limit=24&offset=0'),
      sectionTag: await get('/api/v1/offers/kupalniki/?limit=24&tag=rasprodazha'),
      sorted: await get('/api/v1/offers/odezhda/?sort=price_asc&limit=24'),
      sale: await post('/api/v1/offers_list/', { type: 'sale', filter: {} }),
      new: await post('/api/v1/offers_list/', { type: 'new' }),
      facetsAll: await get('/api/v1/all/filters/'),
      facets: await get('/api/v1/all/filters/kupalniki/'),
      search: await get(`/api/v1/search/${q}/?limit=24&offset=0`),
      suggest: await get(`/api/v1/search_suggest/?q=${encodeURIComponent('плать')}`),
      seo: await get('/api/v1/get_seo/?url=/kupalniki'),
      seoHome: await get('/api/v1/get_seo/?url=/'),
      organization: await get('/api/v1/organization'),
      banner: await get('/api/v1/banner'),
      containerBanners: await get('/api/v1/containerbanners?section=obuv'),
      instagram: await get('/api/v1/instagramm_posts'),
      news: await get('/api/v1/news'),
      blog: await get('/api/v1/blog'),
      sitemap: await get('/api/v1/sitemap/'),
      sitemapProducts: await get('/api/v1/sitemap/products/?limit=100&offset=0'),
      gifts: await get('/api/v1/gift/cards/'),
      cart: await get('/api/v2/cart/'),
    };
    const failed = Object.entries(answers)
      .filter(([, a]) => a.status >= 500)
      .map(([name, a]) => `${name}: ${a.status} ${a.body.slice(0, 200)}`);
    expect(failed).toEqual([]);
    for (const name of ['preview', 'all', 'section', 'sale', 'new', 'facets', 'search', 'sitemap'] as const)
      expect(answers[name].status, name).toBe(200);
    expect(JSON.parse(answers.section.body)).toMatchObject({ count: 0, results: [] });
    expect(JSON.parse(answers.search.body)).toMatchObject({ count: 0 });
    expect(JSON.parse(answers.sitemap.body)).toMatchObject({ products_count: 0, brands: [], landings: [] });
    // The menu lists the 7 sections.
    expect(JSON.parse(answers.preview.body)).toHaveLength(7);
    // A product that does not exist is a 404, not a 500.
    expect((await get('/api/v1/product_offer/?pk=1')).status).toBe(404);
  });
});
