/**
 * Facets (spec §7 `GET /v1/all/filters/{slug}/`) and search suggestions (spec §2 search bar):
 * every value's count equals what `/v1/offers/` returns with that value added (AND across facets,
 * OR within one), the search variant, and 4xx with Russian messages for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffersPage, type OfferFilters } from '@/lib/api/contract/catalog';
import { ApiError } from '@/lib/api/contract/common';
import { Facets, Suggestions } from '@/lib/api/contract/facets';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const q = (filters: OfferFilters) => encodeURIComponent(JSON.stringify(filters));

async function facets(path: string, filters: OfferFilters = {}, extra = '') {
  const res = await call(api, 'GET', `/api/v1/all/filters/${path}?filters=${q(filters)}${extra}`);
  expect(res.status).toBe(200);
  return Facets.parse(res.json);
}

async function offersCount(path: string, filters: OfferFilters) {
  const res = await call(api, 'GET', `/api/v1/offers/${path}?limit=1&filters=${q(filters)}`);
  expect(res.status).toBe(200);
  return OffersPage.parse(res.json).count;
}

describe('facets of a category', () => {
  it('lists brands, colours, sizes, materials, price and flags with counts matching the listing', async () => {
    const f = await facets('kupalniki/');
    expect(f.count).toBe(await offersCount('kupalniki/', {}));
    expect(f.brands.length).toBeGreaterThan(1);
    expect(f.colors.length).toBeGreaterThan(1);
    expect(f.sizes.length).toBeGreaterThan(1);
    expect(f.materials.length).toBeGreaterThan(0);
    expect(f.colors.every((c) => /^#[0-9a-f]{6}$/i.test(c.hex ?? ''))).toBe(true);
    // Each product has exactly one brand, so brand counts add up to the listing.
    expect(f.brands.reduce((sum, b) => sum + b.count, 0)).toBe(f.count);
    expect(f.price.min).not.toBeNull();
    expect(f.price.min!).toBeLessThanOrEqual(f.price.max!);
    const brand = f.brands[0]!;
    expect(await offersCount('kupalniki/', { brands: [brand.value] })).toBe(brand.count);
    const size = f.sizes[0]!;
    expect(await offersCount('kupalniki/', { sizes: [size.value] })).toBe(size.count);
    expect(await offersCount('kupalniki/', { sale: true })).toBe(f.sale.count);
    expect(await offersCount('kupalniki/', { new: true })).toBe(f.new.count);
  });

  it('ORs values within a facet, ANDs across facets and ignores a facet’s own selection', async () => {
    const all = await facets('odezhda');
    const [a, b] = all.brands;
    const selected = await facets('odezhda', { brands: [a!.value, b!.value] });
    expect(selected.count).toBe(a!.count + b!.count);
    // The brand facet is counted without its own selection: values stay the same.
    expect(selected.brands).toEqual(all.brands);
    // Colours are counted under the brand selection, and each equals the listing with it added.
    for (const colour of selected.colors.slice(0, 3)) {
      expect(await offersCount('odezhda', { brands: [a!.value, b!.value], colors: [colour.value] })).toBe(colour.count);
    }
    const colour = selected.colors[0]!;
    const both = await facets('odezhda', { brands: [a!.value, b!.value], colors: [colour.value] });
    expect(both.count).toBe(colour.count);
    expect(both.count).toBeLessThanOrEqual(selected.count);
  });

  it('narrows the price bounds by the other facets, not by the price itself', async () => {
    const all = await facets('obuv');
    const mid = Math.round((all.price.min! + all.price.max!) / 2);
    const cheap = await facets('obuv', { price_max: mid });
    expect(cheap.price).toEqual(all.price);
    expect(cheap.count).toBe(await offersCount('obuv', { price_max: mid }));
    expect(cheap.count).toBeLessThan(all.count);
  });

  it('applies a tag’s filter to the base set', async () => {
    const tagged = await facets('kupalniki/slitnye', {}, '&tag=sinie');
    const listing = OffersPage.parse(
      (await call(api, 'GET', '/api/v1/offers/kupalniki/slitnye/?limit=1&tag=sinie')).json,
    );
    expect(tagged.count).toBe(listing.count);
    // Every product of the tag comes in blue (it may come in other colours too).
    expect(tagged.colors.find((c) => c.value === 'sinij')?.count).toBe(tagged.count);
    expect(tagged.count).toBeLessThan((await facets('kupalniki/slitnye')).count);
  });

  it('has a whole-catalogue, a brand and a search variant', async () => {
    const whole = await facets('');
    expect(whole.count).toBe(await offersCount('', {}));
    const maaji = await facets('', {}, '&brand=maaji');
    expect(maaji.brands.map((b) => b.value)).toEqual(['maaji']);
    const search = await facets('', {}, `&search=${encodeURIComponent('купальник')}`);
    const found = OffersPage.parse(
      (await call(api, 'GET', `/api/v1/search/${encodeURIComponent('купальник')}/?limit=1`)).json,
    );
    expect(search.count).toBe(found.count);
    expect(search.count).toBeGreaterThan(0);
    const nothing = await facets('', {}, `&search=${encodeURIComponent('zzzzqqqxx')}`);
    expect(nothing.count).toBe(0);
  });

  it('answers 404 for an unknown category, tag or brand and 400 for malformed filters', async () => {
    for (const path of [
      '/api/v1/all/filters/no-such/',
      '/api/v1/all/filters/kupalniki/?tag=nope',
      '/api/v1/all/filters/?brand=nope',
    ]) {
      const res = await call(api, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(ApiError.parse(res.json).message).toMatch(/[а-яё]/i);
    }
    for (const path of [
      '/api/v1/all/filters/kupalniki/?filters=%7Bbad',
      `/api/v1/all/filters/kupalniki/?filters=${q({ colour: ['x'] } as never)}`,
    ]) {
      const res = await call(api, 'GET', path);
      expect(res.status, path).toBe(400);
      expect(ApiError.parse(res.json).message).toMatch(/[а-яё]/i);
    }
  });
});

describe('search suggestions', () => {
  it('suggests categories, brands (Latin and Cyrillic) and products with image and price', async () => {
    const res = await call(api, 'GET', `/api/v1/search_suggest/?q=${encodeURIComponent('купальн')}`);
    expect(res.status).toBe(200);
    const s = Suggestions.parse(res.json);
    expect(s.categories.some((c) => c.path === 'kupalniki')).toBe(true);
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products.length).toBeLessThanOrEqual(6);
    for (const p of s.products) {
      expect(p.price).toBeGreaterThan(0);
      expect(p.image).toBeTruthy();
      expect(p.full_path_offer).toMatch(/^\/[a-z]+\/.+\/\d+\/[a-z0-9-]+$/);
    }
    for (const text of ['Маажи', 'maa', 'маажи']) {
      const brands = Suggestions.parse(
        (await call(api, 'GET', `/api/v1/search_suggest/?q=${encodeURIComponent(text)}`)).json,
      ).brands;
      expect(
        brands.map((b) => b.slug),
        text,
      ).toContain('maaji');
    }
  });

  it('answers 400 for an empty or too long query', async () => {
    for (const text of ['', ' ', 'я'.repeat(150)]) {
      const res = await call(api, 'GET', `/api/v1/search_suggest/?q=${encodeURIComponent(text)}`);
      expect(res.status).toBe(400);
      expect(ApiError.parse(res.json).message).toMatch(/[а-яё]/i);
    }
  });
});
