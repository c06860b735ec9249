/**
 * Issue #14 item 7: the JSON-LD shapes against the fields schema.org and Google's structured data
 * documentation require (Product variants: ProductGroup + hasVariant Product with name, image,
 * offers; Offer: price, priceCurrency, availability, itemCondition, shippingDetails,
 * hasMerchantReturnPolicy; Article/NewsArticle: headline ≤ 110, image, datePublished, author;
 * ItemList: ListItem with position and url).
 */
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@/lib/api/contract/catalog';
import type { DeliveryTermsResponse } from '@/lib/api/contract/delivery-terms';
import type { Article } from '@/lib/api/contract/publications';
import { DEFAULT_DELIVERY_SETTINGS } from '@/lib/delivery-terms';
import { articleJsonLd, itemListJsonLd, productGroupJsonLd, RETURN_DAYS } from './structured-data';

/** The owner's delivery terms as `GET /v1/delivery_terms/` publishes them (issue #34). */
const TERMS: DeliveryTermsResponse = {
  status: 'success',
  settings: DEFAULT_DELIVERY_SETTINGS,
  stores: [],
  pricing: 'tariff',
};

const absolute = (path: string) => (path.startsWith('http') ? path : `https://shop.test${path}`);
const image = (name: string, is_main = false) => ({
  image: `/media/${name}.webp`,
  alt: name,
  is_main,
  width: 800,
  height: 1067,
});
const color = (id: number, slug: string, name: string) => ({ id, slug, name, hex: '#000000' });
const feature = (id: number, ext_id: string, name: string, stock: number) => ({
  id,
  ext_id,
  name,
  stock,
  available: stock > 0,
});

const product: ProductDetail = {
  id: 42,
  name: 'Платье миди',
  slug: 'plate-midi',
  brand: { name: 'Mango', slug: 'mango' },
  article: null,
  price: 4990,
  old_price: 6990,
  discount: 28,
  is_new: false,
  full_path_offer: '/odezhda/platya/42/plate-midi',
  category: { path: 'odezhda/platya', name: 'Платья' },
  // As the API sends them: the card's first two photos; the rest only on the colours.
  images: [image('black-front', true), image('black-back')],
  colors: [color(1, 'chernyj', 'Чёрный'), color(2, 'krasnyj', 'Красный')],
  sizes: ['S', 'M'],
  description: 'Лёгкое платье.',
  composition: 'хлопок 100%',
  material: 'хлопок',
  country: 'Италия',
  care: '',
  type: 'dress',
  breadcrumbs: [],
  related: [],
  offers: [
    {
      id: 10,
      ext_id: 'SKU-42-01',
      color: color(1, 'chernyj', 'Чёрный'),
      images: [image('black-front', true), image('black-back')],
      features: [feature(100, 'SKU-42-01-S', 'S', 3), feature(101, 'SKU-42-01-M', 'M', 0)],
      features_top: [],
      features_bottom: [],
    },
    {
      id: 11,
      ext_id: 'SKU-42-02',
      color: color(2, 'krasnyj', 'Красный'),
      images: [image('red-front', true)],
      features: [feature(102, 'SKU-42-02-M', 'M', 1)],
      features_top: [],
      features_bottom: [],
    },
  ],
};

type Obj = Record<string, unknown>;

describe('productGroupJsonLd (issue #14 item 7)', () => {
  const data = productGroupJsonLd(product, absolute, TERMS) as Obj;
  const variants = data.hasVariant as Obj[];

  it('is a ProductGroup with every photo, brand, group id and what varies', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('ProductGroup');
    expect(data.name).toBe('Платье миди');
    expect(data.productGroupID).toBe('42');
    expect(data.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
    expect(data.image).toEqual([
      'https://shop.test/media/black-front.webp',
      'https://shop.test/media/black-back.webp',
      'https://shop.test/media/red-front.webp',
    ]);
    expect(data.brand).toEqual({ '@type': 'Brand', name: 'Mango' });
  });

  it('gives the retailer’s article as the group’s sku, never as mpn, and none for demo goods (issue #28)', () => {
    expect(data.sku).toBeUndefined();
    const imported = productGroupJsonLd({ ...product, article: 'AB-123/45' }, absolute) as Obj;
    expect(imported.sku).toBe('AB-123/45');
    expect(imported.mpn).toBeUndefined();
    expect(imported.productGroupID).toBe('42');
    expect((imported.hasVariant as Obj[]).map((v) => v.sku)).toEqual(['SKU-42-01-S', 'SKU-42-01-M', 'SKU-42-02-M']);
  });

  it('has one Product per colour and size, sku = the size ext_id, with its own photos', () => {
    expect(variants.map((v) => v.sku)).toEqual(['SKU-42-01-S', 'SKU-42-01-M', 'SKU-42-02-M']);
    for (const v of variants) {
      expect(v['@type']).toBe('Product');
      expect(v.name).toMatch(/^Платье миди, (чёрный|красный), размер [SM]$/);
      expect((v.image as string[]).length).toBeGreaterThan(0);
      for (const url of v.image as string[]) expect(url).toMatch(/^https:\/\/shop\.test\/media\//);
    }
    expect(variants[2]!.image).toEqual(['https://shop.test/media/red-front.webp']);
    expect([variants[0]!.color, variants[0]!.size]).toEqual(['чёрный', 'S']);
  });

  it('gives each variant an Offer Google accepts: price, RUB, availability, condition, URL choosing it', () => {
    const offers = variants.map((v) => v.offers as Obj);
    for (const offer of offers) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.price).toBe('4990.00');
      expect(offer.priceCurrency).toBe('RUB');
      expect(offer.itemCondition).toBe('https://schema.org/NewCondition');
      expect(offer.priceSpecification).toMatchObject({
        priceType: 'https://schema.org/StrikethroughPrice',
        price: '6990.00',
        priceCurrency: 'RUB',
      });
    }
    expect(offers.map((o) => o.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
      'https://schema.org/InStock',
    ]);
    expect(offers[0]!.url).toBe('https://shop.test/odezhda/platya/42/plate-midi?color=chernyj&size=S');
  });

  it('states shipping and the return policy with the fields Google requires', () => {
    const offer = variants[0]!.offers as Obj;
    const shipping = offer.shippingDetails as Obj[];
    expect(shipping.length).toBeGreaterThan(0);
    for (const s of shipping) {
      expect(s['@type']).toBe('OfferShippingDetails');
      expect(s.shippingRate).toMatchObject({ '@type': 'MonetaryAmount', currency: 'RUB' });
      expect(typeof (s.shippingRate as Obj).value).toBe('number');
      expect((s.shippingDestination as Obj).addressCountry).toBe('RU');
      const time = s.deliveryTime as Obj;
      for (const key of ['handlingTime', 'transitTime'])
        expect(time[key]).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'DAY' });
    }
    // Issue #34: the owner's table, cheapest method per zone; Moscow and its region first.
    expect(shipping[0]).toMatchObject({
      shippingRate: { value: 250 },
      shippingDestination: { addressRegion: ['MOW', 'MOS'] },
    });
    expect(offer.hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'RU',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: RETURN_DAYS,
    });
  });

  it('states shipping and returns once: later variants refer to the first by @id, and each id resolves', () => {
    const offers = variants.map((v) => v.offers as Obj);
    const first = offers[0]!;
    const nodes = new Map(
      [...(first.shippingDetails as Obj[]), first.hasMerchantReturnPolicy as Obj].map((n) => [n['@id'], n]),
    );
    expect([...nodes.keys()]).toEqual(['#shipping-1', '#shipping-2', '#shipping-3', '#shipping-4', '#return-policy']);
    for (const offer of offers.slice(1)) {
      const refs = [...(offer.shippingDetails as Obj[]), offer.hasMerchantReturnPolicy as Obj];
      for (const r of refs) expect(Object.keys(r)).toEqual(['@id']);
      expect(refs.map((r) => nodes.get(r['@id'])?.['@type'])).toEqual([
        ...Array<string>(4).fill('OfferShippingDetails'),
        'MerchantReturnPolicy',
      ]);
    }
  });

  it('shipping follows the free-delivery threshold of the terms; none without the terms (issue #34)', () => {
    const rates = (terms: DeliveryTermsResponse | null) =>
      (
        ((productGroupJsonLd(product, absolute, terms).hasVariant as Obj[])[0]!.offers as Obj).shippingDetails as
          Obj[] | undefined
      )?.map((s) => (s.shippingRate as Obj).value);
    expect(rates(TERMS)).toEqual([250, 320, 390, 690]);
    const free = { ...TERMS, settings: { ...TERMS.settings, free_from: 4000 } };
    expect(rates(free)).toEqual([0, 0, 0, 0]);
    expect(rates({ ...free, settings: { ...free.settings, free_from: 5000 } })).toEqual([250, 320, 390, 690]);
    expect(rates(null)).toBeUndefined();
  });

  it('pairs top and bottom sizes of separates as the basket sells them', () => {
    const separates: ProductDetail = {
      ...product,
      old_price: null,
      offers: [
        {
          ...product.offers[0]!,
          features: [],
          features_top: [feature(1, 'T-S', 'S', 2), feature(2, 'T-M', 'M', 0)],
          features_bottom: [feature(3, 'B-S', 'S', 4)],
        },
      ],
    };
    const list = (productGroupJsonLd(separates, absolute).hasVariant as Obj[]).map((v) => [
      v.sku,
      v.size,
      (v.offers as Obj).availability,
    ]);
    expect(list).toEqual([
      ['T-S_B-S', 'S/S', 'https://schema.org/InStock'],
      ['T-M_B-S', 'M/S', 'https://schema.org/OutOfStock'],
    ]);
    expect((productGroupJsonLd(separates, absolute).hasVariant as Obj[])[0]!.offers).not.toHaveProperty(
      'priceSpecification',
    );
  });
});

describe('articleJsonLd', () => {
  const article: Article = {
    id: 1,
    kind: 'news',
    slug: 'leto',
    title: 'Новая коллекция '.repeat(10).trim(),
    excerpt: 'Коротко',
    cover: '/media/content/leto.webp',
    cover_alt: 'Летняя коллекция',
    published_at: '2026-05-01T10:00:00.000Z',
    text: 'Текст',
    format: 'markdown',
  };

  it('is a NewsArticle for news and an Article for the blog, with the required fields', () => {
    const news = articleJsonLd(article, '/news/leto', absolute);
    expect(news['@type']).toBe('NewsArticle');
    expect((news.headline as string).length).toBeLessThanOrEqual(110);
    expect(news.image).toEqual(['https://shop.test/media/content/leto.webp']);
    expect(news.datePublished).toBe('2026-05-01T10:00:00.000Z');
    expect(news.author).toMatchObject({ '@type': 'Organization' });
    expect(news.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': 'https://shop.test/news/leto' });
    expect(articleJsonLd({ ...article, kind: 'blog' }, '/blog/leto', absolute)['@type']).toBe('Article');
  });

  it('names the shop as publisher with its logo (issue #34 item 10; schema.org/Google Article)', () => {
    for (const kind of ['news', 'blog'] as const) {
      const data = articleJsonLd({ ...article, kind }, `/${kind}/leto`, absolute);
      expect(data.publisher).toMatchObject({
        '@type': 'Organization',
        name: 'Lumière',
        url: 'https://shop.test/',
        logo: { '@type': 'ImageObject', url: 'https://shop.test/apple-icon.png', width: 180, height: 180 },
      });
    }
  });
});

describe('itemListJsonLd', () => {
  it('numbers a page of products on from its offset, with absolute URLs', () => {
    const data = itemListJsonLd(
      'Платья',
      [product, { ...product, id: 43, full_path_offer: '/odezhda/platya/43/x' }],
      24,
      absolute,
    );
    expect(data['@type']).toBe('ItemList');
    expect(data.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 25,
        url: 'https://shop.test/odezhda/platya/42/plate-midi',
        name: 'Платье миди Mango',
      },
      { '@type': 'ListItem', position: 26, url: 'https://shop.test/odezhda/platya/43/x', name: 'Платье миди Mango' },
    ]);
  });
});
