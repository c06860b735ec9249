import { describe, expect, it } from 'vitest';
import { OfferFilters } from '../../lib/api/contract/catalog';
import { PRODUCT_TYPES } from '../db/schema';
import { generateCatalogue } from './generate';
import { createRng } from './prng';
import { slugify } from './translit';

const catalogue = generateCatalogue({ products: 1500 });

describe('generateCatalogue', () => {
  it('is deterministic: same seed, same rows; another seed, other rows', () => {
    const again = generateCatalogue({ products: 1500 });
    expect(again.products.slice(0, 50)).toEqual(catalogue.products.slice(0, 50));
    expect(again.offers.slice(0, 50)).toEqual(catalogue.offers.slice(0, 50));
    expect(again.features.slice(0, 200)).toEqual(catalogue.features.slice(0, 200));
    expect(again.images.slice(0, 100)).toEqual(catalogue.images.slice(0, 100));
    expect(again.categories).toEqual(catalogue.categories);
    const other = generateCatalogue({ products: 50, seed: 7 });
    expect(other.products.map((p) => p.name)).not.toEqual(catalogue.products.slice(0, 50).map((p) => p.name));
  });

  it('keeps product N the same whatever the catalogue size', () => {
    const small = generateCatalogue({ products: 20 });
    expect(small.products).toEqual(catalogue.products.slice(0, 20));
  });

  it('has the seven sections with at least 5 subcategories each, one with more than 10', () => {
    const sections = catalogue.categories.filter((c) => c.level === 1).map((c) => c.slug);
    expect(sections).toEqual(['kupalniki', 'odezhda', 'obuv', 'aksessuary', 'bele', 'detskoe', 'muzhskoe']);
    const subCounts = sections.map((s) => catalogue.categories.filter((c) => c.level === 2 && c.section === s).length);
    for (const n of subCounts) expect(n).toBeGreaterThanOrEqual(5);
    expect(Math.max(...subCounts)).toBeGreaterThan(10);
  });

  it('has level 4 only in muzhskoe, and consistent paths', () => {
    const level4 = catalogue.categories.filter((c) => c.level === 4);
    expect(level4.length).toBeGreaterThan(0);
    expect(new Set(level4.map((c) => c.section))).toEqual(new Set(['muzhskoe']));
    const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
    for (const c of catalogue.categories) {
      expect(c.path).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
      expect(c.path.split('/').length).toBe(c.level);
      expect(c.path.endsWith(c.slug)).toBe(true);
      expect(c.path.split('/')[0]).toBe(c.section);
      if (c.parentId != null) expect(c.path).toBe(`${byId.get(c.parentId)?.path}/${c.slug}`);
    }
    expect(new Set(catalogue.categories.map((c) => c.path)).size).toBe(catalogue.categories.length);
  });

  it('puts every product in a leaf category, with every section stocked', () => {
    const parents = new Set(catalogue.categories.map((c) => c.parentId));
    const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
    const sections = new Set<string>();
    for (const p of catalogue.products) {
      expect(parents.has(p.categoryId)).toBe(false);
      sections.add(byId.get(p.categoryId)?.section ?? '');
    }
    expect(sections.size).toBe(7);
  });

  it('gives every product exactly one main image, the first one of its first offer', () => {
    const mains = new Map<number, number>();
    for (const img of catalogue.images) {
      if (img.isMain) mains.set(img.productId, (mains.get(img.productId) ?? 0) + 1);
      expect(img.url).toMatch(/^\/media\/p\/[a-z-]+\/[a-z]+\/[0-3]-[0-7]\.webp$/);
      expect(img.width).toBe(800);
      expect(img.height).toBe(1067);
    }
    expect(mains.size).toBe(catalogue.products.length);
    for (const n of mains.values()) expect(n).toBe(1);
    const firstOffer = catalogue.offers.find((o) => o.productId === 1);
    const firstImage = catalogue.images.find((i) => i.productId === 1);
    expect(firstImage?.isMain).toBe(true);
    expect(firstImage?.offerId).toBe(firstOffer?.id);
  });

  it('has unique ext_ids for offers and features, and unique row ids', () => {
    const offerExt = catalogue.offers.map((o) => o.extId);
    const featureExt = catalogue.features.map((f) => f.extId);
    expect(new Set(offerExt).size).toBe(offerExt.length);
    expect(new Set(featureExt).size).toBe(featureExt.length);
    expect(new Set([...offerExt, ...featureExt]).size).toBe(offerExt.length + featureExt.length);
    expect(catalogue.products.map((p) => p.id)).toEqual(catalogue.products.map((_, i) => i + 1));
    expect(catalogue.offers.at(-1)?.id).toBe(catalogue.offers.length);
    expect(catalogue.features.at(-1)?.id).toBe(catalogue.features.length);
  });

  it('builds compositions that sum to 100%', () => {
    for (const p of catalogue.products) {
      const sum = [...p.composition.matchAll(/(\d+)%/g)].reduce((s, m) => s + Number(m[1]), 0);
      expect(sum, p.composition).toBe(100);
      expect(p.material.length).toBeGreaterThan(0);
    }
  });

  it('gives swimwear separates top and bottom features and no size; others only size', () => {
    const typeOf = new Map(catalogue.products.map((p) => [p.id, p.type]));
    const kindsByOffer = new Map<number, Set<string>>();
    for (const f of catalogue.features) {
      const set = kindsByOffer.get(f.offerId) ?? new Set<string>();
      set.add(f.kind);
      kindsByOffer.set(f.offerId, set);
    }
    let separates = 0;
    for (const o of catalogue.offers) {
      const kinds = kindsByOffer.get(o.id) ?? new Set();
      if (typeOf.get(o.productId) === 'swimsuit-separate') {
        separates++;
        expect([...kinds].sort()).toEqual(['bottom', 'top']);
      } else {
        expect([...kinds]).toEqual(['size']);
      }
    }
    expect(separates).toBeGreaterThan(0);
  });

  it('prices products in rubles with sales, novelties and stock that looks real', () => {
    const n = catalogue.products.length;
    const sale = catalogue.products.filter((p) => p.oldPrice != null);
    expect(sale.length / n).toBeGreaterThan(0.15);
    expect(sale.length / n).toBeLessThan(0.35);
    for (const p of sale) {
      expect(p.oldPrice as number).toBeGreaterThanOrEqual(p.price * 1.15);
      expect(p.oldPrice as number).toBeLessThanOrEqual(p.price * 1.7);
    }
    const isNew = catalogue.products.filter((p) => p.isNew).length / n;
    expect(isNew).toBeGreaterThan(0.08);
    expect(isNew).toBeLessThan(0.22);
    for (const p of catalogue.products) {
      expect(p.price % 10).toBe(0);
      expect(p.price).toBeGreaterThan(0);
      expect(PRODUCT_TYPES).toContain(p.type);
      expect(p.slug).toBe(slugify(p.slug));
      expect(p.searchText).toContain(p.name.toLowerCase());
      expect(p.createdAt instanceof Date && p.createdAt.getTime() <= Date.UTC(2026, 10, 1)).toBe(true);
    }
    const zero = catalogue.features.filter((f) => f.stock === 0).length / catalogue.features.length;
    expect(zero).toBeGreaterThan(0.1);
    expect(zero).toBeLessThan(0.3);
  });

  it('puts the ten menu brands first and makes tags valid offer filters', () => {
    expect(catalogue.brands.filter((b) => b.inMenu).map((b) => b.name)).toEqual([
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
    const brandSlugs = new Set(catalogue.brands.map((b) => b.slug));
    const colorSlugs = new Set(catalogue.colors.map((c) => c.slug));
    const materials = new Set(catalogue.products.map((p) => p.material));
    for (const tag of catalogue.tags) {
      const filter = OfferFilters.parse(tag.filter);
      for (const b of filter.brands ?? []) expect(brandSlugs).toContain(b);
      for (const c of filter.colors ?? []) expect(colorSlugs).toContain(c);
      for (const m of filter.materials ?? []) expect(materials).toContain(m);
    }
    for (const section of catalogue.categories.filter((c) => c.level === 1)) {
      const n = catalogue.tags.filter((t) => t.categoryId === section.id).length;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
    }
  });
});

describe('prng', () => {
  it('repeats for the same seed', () => {
    const a = createRng(1);
    const b = createRng(1);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });
});

describe('slugify', () => {
  it('transliterates Russian', () => {
    expect(slugify('Купальник раздельный с принтом «Тропики»')).toBe('kupalnik-razdelnyj-s-printom-tropiki');
    expect(slugify('Чёрный')).toBe('chernyj');
    expect(slugify('Пляжная одежда')).toBe('plyazhnaya-odezhda');
  });
});
