/**
 * Catalogue API (spec §7 Catalogue, §9 page size 24 / 64): answers match the contract, filters
 * combine, bad input gets a 4xx with a Russian message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Brand,
  Category,
  Color,
  OffersListResponse,
  OffersPage,
  PreviewCategory,
  ProductDetail,
  SearchPage,
} from '@/lib/api/contract/catalog';
import { ApiError } from '@/lib/api/contract/common';
import { Organization } from '@/lib/api/contract/content';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

function expectError(res: { status: number; json: unknown }, status: number) {
  expect(res.status).toBe(status);
  const body = ApiError.parse(res.json);
  expect(body.message).toMatch(/[а-яё]/i);
}

describe('menu data', () => {
  it('lists the seven sections with their subcategories', async () => {
    const res = await call(api, 'GET', '/api/v1/preview_category/');
    expect(res.status).toBe(200);
    const sections = z.array(PreviewCategory).parse(res.json);
    expect(sections.map((s) => s.path).sort()).toEqual([
      'aksessuary',
      'bele',
      'detskoe',
      'kupalniki',
      'muzhskoe',
      'obuv',
      'odezhda',
    ]);
    for (const s of sections) {
      expect(s.subcategories.length).toBeGreaterThanOrEqual(5);
      for (const sub of s.subcategories) expect(sub.path.startsWith(`${s.path}/`)).toBe(true);
    }
    const muzhskoe = sections.find((s) => s.path === 'muzhskoe')!;
    expect(muzhskoe.allCategories.some((c) => c.path.split('/').length === 4)).toBe(true);
  });

  it('lists brands with the ten menu brands first, and colours', async () => {
    const brands = z.array(Brand).parse((await call(api, 'GET', '/api/v1/brands')).json);
    expect(brands.filter((b) => b.in_menu).map((b) => b.name)).toEqual([
      'Beach Bunny',
      'Luli Fama',
      'Bound by Bond-Eye',
      'Cotazur',
      'Maaji',
      'DKNY',
      'PilyQ',
      'Sea Level',
      'Nuria Ferrer',
      'Runwaydreamz',
    ]);
    const colors = z.array(Color).parse((await call(api, 'GET', '/api/v1/color')).json);
    expect(colors.length).toBeGreaterThan(5);
  });

  it('serves the organization record', async () => {
    const org = Organization.parse((await call(api, 'GET', '/api/v1/organization')).json);
    expect(org.phone).toMatch(/\+7/);
  });
});

describe('listing', () => {
  it('pages a section by 24 with a total count', async () => {
    const first = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/kupalniki/?limit=24&offset=0')).json);
    expect(first.results).toHaveLength(24);
    expect(first.count).toBeGreaterThan(24);
    const second = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/kupalniki/?limit=24&offset=24')).json);
    const ids = new Set(first.results.map((r) => r.id));
    expect(second.results.some((r) => ids.has(r.id))).toBe(false);
    for (const card of first.results) {
      expect(card.full_path_offer.startsWith('/kupalniki/')).toBe(true);
      expect(card.images.filter((i) => i.is_main)).toHaveLength(1);
    }
  });

  it('combines filters: AND across facets, OR within one', async () => {
    const all = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/?limit=100')).json);
    const brandSlug = all.results[0]!.brand.slug;
    const filters = encodeURIComponent(JSON.stringify({ brands: [brandSlug], price_max: 1_000_000 }));
    const byBrand = OffersPage.parse((await call(api, 'GET', `/api/v1/offers/?limit=100&filters=${filters}`)).json);
    expect(byBrand.count).toBeGreaterThan(0);
    expect(byBrand.results.every((r) => r.brand.slug === brandSlug)).toBe(true);
    const sale = OffersPage.parse(
      (await call(api, 'GET', `/api/v1/offers/?limit=100&filters=${encodeURIComponent('{"sale":true}')}`)).json,
    );
    expect(sale.count).toBeGreaterThan(0);
    expect(sale.results.every((r) => r.old_price !== null && r.old_price > r.price && r.discount > 0)).toBe(true);
  });

  it('sorts by price both ways', async () => {
    const up = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/odezhda/?sort=price_asc&limit=50')).json);
    const prices = up.results.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/odezhda/?sort=price_desc&limit=50')).json);
    expect(down.results[0]!.price).toBeGreaterThanOrEqual(down.results.at(-1)!.price);
  });

  it('answers 404 for an unknown category and 400 for malformed JSON filters', async () => {
    expectError(await call(api, 'GET', '/api/v1/offers/net-takoj-kategorii/'), 404);
    expectError(await call(api, 'GET', '/api/v1/offers/kupalniki/?filters=%7Bnot-json'), 400);
    expectError(
      await call(api, 'GET', `/api/v1/offers/kupalniki/?filters=${encodeURIComponent('{"brands":"x"}')}`),
      400,
    );
    expectError(await call(api, 'GET', `/api/v1/offers/kupalniki/?filters=${encodeURIComponent('{"hack":1}')}`), 400);
    expectError(await call(api, 'GET', '/api/v1/offers/kupalniki/?limit=-5'), 400);
    expectError(await call(api, 'GET', '/api/v1/offers/kupalniki/?limit=abc'), 400);
    expectError(await call(api, 'GET', '/api/v1/offers/kupalniki/?sort=random'), 400);
    expectError(await call(api, 'GET', "/api/v1/offers/kupalniki';drop table products;--/"), 404);
  });

  it('describes a category with its tags, and applies a tag filter', async () => {
    const cat = Category.parse((await call(api, 'GET', '/api/v1/category/kupalniki')).json);
    expect(cat.tags.length).toBeGreaterThan(0);
    const tag = cat.tags[0]!;
    const tagged = Category.parse((await call(api, 'GET', `/api/v1/category/kupalniki?tag=${tag.slug}`)).json);
    expect(tagged.tag?.slug).toBe(tag.slug);
    const page = OffersPage.parse((await call(api, 'GET', `/api/v1/offers/kupalniki/?tag=${tag.slug}`)).json);
    const untagged = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/kupalniki/')).json);
    expect(page.count).toBeLessThanOrEqual(untagged.count);
    expectError(await call(api, 'GET', '/api/v1/category/kupalniki?tag=net-takogo'), 404);
    expectError(await call(api, 'GET', '/api/v1/category/net-takoj'), 404);
  });

  it('lists 64 sale and new products', async () => {
    const sale = OffersListResponse.parse(
      (await call(api, 'POST', '/api/v1/offers_list/', { type: 'sale', filter: {} })).json,
    );
    expect(sale.results.length).toBeGreaterThan(0);
    expect(sale.results.length).toBeLessThanOrEqual(64);
    expect(sale.results.every((r) => r.old_price !== null)).toBe(true);
    const fresh = OffersListResponse.parse((await call(api, 'POST', '/api/v1/offers_list/', { type: 'new' })).json);
    expect(fresh.results.every((r) => r.is_new)).toBe(true);
    expectError(await call(api, 'POST', '/api/v1/offers_list/', { type: 'old' }), 400);
    expectError(await call(api, 'POST', '/api/v1/offers_list/', '{"type":'), 400);
  });
});

describe('product page', () => {
  it('returns the product with offers, sizes and the canonical path', async () => {
    const list = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/odezhda/?limit=1')).json);
    const card = list.results[0]!;
    const res = await call(api, 'GET', `/api/v1/product_offer/?pk=${card.id}`);
    expect(res.status).toBe(200);
    const product = ProductDetail.parse(res.json);
    expect(product.full_path_offer).toBe(card.full_path_offer);
    expect(product.offers.length).toBeGreaterThan(0);
    expect(product.offers[0]!.features.length).toBeGreaterThan(0);
    expect(product.breadcrumbs[0]!.path).toBe('odezhda');
  });

  it('gives swimwear separates top and bottom sizes', async () => {
    const list = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/kupalniki/?limit=100')).json);
    let found = false;
    for (const card of list.results) {
      const product = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${card.id}`)).json);
      if (product.offers[0]!.features_top.length > 0) {
        expect(product.offers[0]!.features_bottom.length).toBeGreaterThan(0);
        expect(product.offers[0]!.features).toHaveLength(0);
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
  });

  it('answers 400 for a non-numeric pk and 404 for an unknown one', async () => {
    expectError(await call(api, 'GET', '/api/v1/product_offer/?pk=abc'), 400);
    expectError(await call(api, 'GET', '/api/v1/product_offer/?pk=-1'), 400);
    expectError(await call(api, 'GET', '/api/v1/product_offer/'), 400);
    expectError(await call(api, 'GET', '/api/v1/product_offer/?pk=999999'), 404);
  });
});

describe('search', () => {
  it('finds swimsuits by plural, singular and a typo', async () => {
    for (const q of ['купальники', 'купальник', 'купальнека']) {
      const res = SearchPage.parse(
        (await call(api, 'GET', `/api/v1/search/${encodeURIComponent(q)}/?limit=24&offset=0`)).json,
      );
      expect(res.count, q).toBeGreaterThan(0);
      expect(
        res.results.some((r) => /купальник/i.test(r.name)),
        q,
      ).toBe(true);
    }
  });

  it('finds a brand written in Cyrillic', async () => {
    const res = SearchPage.parse((await call(api, 'GET', `/api/v1/search/${encodeURIComponent('Маажи')}/`)).json);
    expect(res.count).toBeGreaterThan(0);
    expect(res.results.every((r) => r.brand.name === 'Maaji')).toBe(true);
  });

  it('falls back to trigram similarity for a misspelt brand and ranks name matches first', async () => {
    // Full text finds nothing for "маажы"; the brand fallback (Cyrillic name "Маажи") does.
    const typo = SearchPage.parse((await call(api, 'GET', `/api/v1/search/${encodeURIComponent('маажы')}/`)).json);
    expect(typo.count).toBeGreaterThan(0);
    expect(typo.results.every((r) => r.brand.name === 'Maaji')).toBe(true);
    // "платье": products named "Платье …" come before those that are dresses only by category.
    const dresses = SearchPage.parse(
      (await call(api, 'GET', `/api/v1/search/${encodeURIComponent('платье')}/?limit=24`)).json,
    );
    expect(dresses.results.length).toBeGreaterThan(0);
    expect(/плать/i.test(dresses.results[0]!.name)).toBe(true);
  });

  it('answers 400 for an empty or overlong query', async () => {
    expectError(await call(api, 'GET', `/api/v1/search/${encodeURIComponent(' ')}/`), 400);
    expectError(await call(api, 'GET', `/api/v1/search/${'я'.repeat(300)}/`), 400);
  });
});

describe('SEO and contract', () => {
  it('serves SEO records by url and 404 otherwise', async () => {
    const res = await call(api, 'GET', '/api/v1/get_seo/?url=/kupalniki');
    expect(res.status).toBe(200);
    expect(res.json.h1_tag).toBeTruthy();
    expectError(await call(api, 'GET', '/api/v1/get_seo/?url=/net-takoj'), 404);
    expectError(await call(api, 'GET', '/api/v1/get_seo/'), 400);
  });

  it('publishes an OpenAPI document with every route', async () => {
    const doc = (await call(api, 'GET', '/api/openapi.json')).json;
    for (const path of [
      '/api/v1/offers/{path}/',
      '/api/v2/cart/',
      '/api/v2/cart/{item_uuid}/',
      '/api/v1/product_offer/',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expectError(await call(api, 'GET', '/api/v1/no-such-endpoint'), 404);
  });
});
