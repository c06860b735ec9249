/**
 * Landing pages (spec §7 `GET /v1/landing_page/{slug}` and `/?limit=24&offset=0`, §9 page size)
 * and the sitemap feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/contract/common';
import { LandingPage, SitemapIndexData, SitemapProducts } from '@/lib/api/contract/facets';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('landing pages', () => {
  it('answers the page with its first 24 products on both spellings of the spec', async () => {
    const plain = LandingPage.parse((await call(api, 'GET', '/api/v1/landing_page/kupalniki-dlya-otpuska')).json);
    expect(plain.h1).toBe('Купальники для отпуска');
    expect(plain.results.length).toBe(Math.min(24, plain.count));
    expect(plain.results.every((p) => p.full_path_offer.startsWith('/kupalniki/'))).toBe(true);
    const paged = LandingPage.parse(
      (await call(api, 'GET', '/api/v1/landing_page/kupalniki-dlya-otpuska/?limit=24&offset=24')).json,
    );
    expect(paged.offset).toBe(24);
    expect(paged.count).toBe(plain.count);
    expect(paged.results[0]?.id).not.toBe(plain.results[0]?.id);
  });

  it('applies the saved filter', async () => {
    const maaji = LandingPage.parse((await call(api, 'GET', '/api/v1/landing_page/maaji/')).json);
    expect(maaji.count).toBeGreaterThan(0);
    expect(maaji.results.every((p) => p.brand.slug === 'maaji')).toBe(true);
    const sale = LandingPage.parse(
      (await call(api, 'GET', '/api/v1/landing_page/skidki-na-obuv/?sort=price_asc')).json,
    );
    expect(sale.results.every((p) => p.old_price !== null)).toBe(true);
    const prices = sale.results.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers 404 for an unknown slug and 400 for a bad page', async () => {
    const missing = await call(api, 'GET', '/api/v1/landing_page/no-such-page/');
    expect(missing.status).toBe(404);
    expect(ApiError.parse(missing.json).message).toBe('Страница не найдена');
    const bad = await call(api, 'GET', '/api/v1/landing_page/maaji/?limit=abc');
    expect(bad.status).toBe(400);
  });
});

describe('sitemap feed', () => {
  it('lists categories with tags, brands, landing pages and pages of product paths', async () => {
    const data = SitemapIndexData.parse((await call(api, 'GET', '/api/v1/sitemap/')).json);
    expect(data.categories.some((c) => c.path === 'kupalniki/slitnye' && c.tags.includes('sinie'))).toBe(true);
    expect(data.brands).toContain('maaji');
    expect(data.landings).toContain('maaji');
    // Issue #34 item 10: titles for the footer's links, in the same order as the slugs.
    expect(data.landing_pages?.map((l) => l.slug)).toEqual(data.landings);
    expect(data.landing_pages).toContainEqual({ slug: 'maaji', title: 'Maaji: яркие купальники из Колумбии' });
    expect(data.products_count).toBe(240);
    const first = SitemapProducts.parse((await call(api, 'GET', '/api/v1/sitemap/products/?limit=100&offset=0')).json);
    const second = SitemapProducts.parse(
      (await call(api, 'GET', '/api/v1/sitemap/products/?limit=100&offset=200')).json,
    );
    expect(first.results).toHaveLength(100);
    expect(second.results).toHaveLength(40);
    expect(first.results[0]!.path).toMatch(/^\/[a-z]+\/.+\/1\/[a-z0-9-]+$/);
    expect((await call(api, 'GET', '/api/v1/sitemap/products/?limit=60000')).status).toBe(400);
  });
});
