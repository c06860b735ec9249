/**
 * The in-process catalogue index (issue #7 budget; spec §7 `/v1/offers/`, `/v1/all/filters/`,
 * `/v1/search/`): listings and facets from the index equal the reference SQL for many random
 * filter combinations, sorts, pages, tags, brand and search variants, and a committed change is
 * visible on the very next request — an order that sells the last piece of a size drops that
 * size's count and removes the product from the size filter; a price change (noted with
 * noteCatalogChanged) moves the product between price-filtered listings; and after a round of
 * product changes patched in (issue #13: prices, sales, popularity, names, sizes, new and deleted
 * products) the index still answers exactly like the SQL, without a rebuild.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffersPage, type OfferFilters } from '@/lib/api/contract/catalog';
import { Facets } from '@/lib/api/contract/facets';
import { rows } from '../../db/client';
import { cities, products } from '../../db/schema';
import { call, createTestApi, type TestApi } from '../../test-utils';
import { listOffers, listOffersSql } from '../catalog';
import { listFacets, listFacetsSql } from '../facets';
import { searchProductIds, searchProductIdsSql } from '../search';
import { catalogIndex, noteCatalogChanged, noteProductsChanged, noteStockChanged } from '.';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(400);
});
afterAll(async () => {
  await api?.close();
});

/** Deterministic PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Listings and facets of `rounds` random requests (filters, sorts, pages, tags, brands, a search)
 * from the index, each compared with the reference SQL.
 */
async function compareWithSql(db: TestApi['handle']['db'], seed: number, rounds: number) {
  const rnd = prng(seed);
  const pick = <T>(list: T[], most: number): T[] => list.filter(() => rnd() < most / Math.max(1, list.length));
  const whole = await listFacetsSql(db, { filters: {} });
  const cats = (await rows<{ path: string }>(db, sql`select path from categories order by id`)).map((c) => c.path);
  const tags = await rows<{ path: string; slug: string }>(
    db,
    sql`select c.path, t.slug from tags t join categories c on c.id = t.category_id order by t.id`,
  );
  const sorts = [undefined, 'popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
  const searchIds = await searchProductIds(db, 'купальник');
  expect(searchIds.length).toBeGreaterThan(5);
  for (let round = 0; round < rounds; round += 1) {
    const filters: OfferFilters = {};
    if (rnd() < 0.4)
      filters.brands = [
        ...pick(
          whole.brands.map((b) => b.value),
          2,
        ),
        ...(rnd() < 0.1 ? ['no-such-brand'] : []),
      ];
    if (rnd() < 0.4)
      filters.colors = pick(
        whole.colors.map((c) => c.value),
        2,
      );
    if (rnd() < 0.4)
      filters.sizes = pick(
        whole.sizes.map((s) => s.value),
        4,
      );
    if (rnd() < 0.3)
      filters.materials = pick(
        whole.materials.map((m) => m.value),
        2,
      );
    if (rnd() < 0.3)
      filters.price_min = Math.round(whole.price.min! + rnd() * (whole.price.max! - whole.price.min!) * 0.5);
    if (rnd() < 0.3) filters.price_max = Math.round(whole.price.min! + rnd() * (whole.price.max! - whole.price.min!));
    if (rnd() < 0.2) filters.sale = true;
    if (rnd() < 0.2) filters.new = true;
    const variant = rnd();
    const tag = variant < 0.15 ? tags[Math.floor(rnd() * tags.length)] : undefined;
    const categoryPath = tag ? tag.path : variant < 0.75 ? cats[Math.floor(rnd() * cats.length)] : undefined;
    const search = !tag && variant > 0.9 ? searchIds : undefined;
    const brand =
      !tag && variant >= 0.75 && variant <= 0.82
        ? whole.brands[Math.floor(rnd() * whole.brands.length)]!.value
        : undefined;
    const sort = sorts[Math.floor(rnd() * sorts.length)];
    const page = { limit: 1 + Math.floor(rnd() * 30), offset: Math.floor(rnd() * 3) * 10 };
    const label = JSON.stringify({ round, categoryPath, tag, brand, search: !!search, filters, sort, page });

    const listing = { categoryPath, tag: tag?.slug, filters, sort, rankedIds: search, ...page };
    expect(await listOffers(db, listing), label).toEqual(await listOffersSql(db, listing));
    const facetParams = { categoryPath, tag: tag?.slug, brand, ids: search, filters };
    expect(await listFacets(db, facetParams), label).toEqual(await listFacetsSql(db, facetParams));
  }
}

const SEARCH_QUERIES = [
  'купальники',
  'купальник',
  'купальнека',
  'Маажи',
  'maaji',
  'платье черное',
  'платье -черное',
  'платье or юбка',
  'кожаная сумка',
  'сандали',
  'футболка мужская',
  '"купальник слитный"',
  'zzzzqqqxx',
  'и',
  '!!!',
];

/** Search (full text and typos) from the index compared with the SQL search. */
async function compareSearchWithSql(db: TestApi['handle']['db'], extra: string[] = []) {
  for (const text of [...SEARCH_QUERIES, ...extra]) {
    expect(await searchProductIds(db, text), text).toEqual(await searchProductIdsSql(db, text));
  }
}

describe('catalogue index equals the reference SQL', () => {
  it('gives the same listings and facets for 120 random requests', async () => {
    await compareWithSql(api.handle.db, 7, 120);
  });

  it('narrows search candidates to the same ranked ids as the SQL search (full text and typos)', async () => {
    const db = api.handle.db;
    await compareSearchWithSql(db);
    expect((await searchProductIds(db, 'купальнека')).length).toBeGreaterThan(0);
  });

  it('answers 404 like the SQL for an unknown category, tag or brand', async () => {
    const db = api.handle.db;
    for (const params of [{ categoryPath: 'no-such' }, { categoryPath: 'kupalniki', tag: 'nope' }, { brand: 'nope' }]) {
      await expect(listFacets(db, { ...params, filters: {} })).rejects.toMatchObject({ status: 404 });
      await expect(listFacetsSql(db, { ...params, filters: {} })).rejects.toMatchObject({ status: 404 });
    }
    await expect(listOffers(db, { categoryPath: 'no-such', filters: {}, limit: 5, offset: 0 })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('catalogue index freshness', () => {
  const q = (filters: OfferFilters) => encodeURIComponent(JSON.stringify(filters));

  it('an order selling the last piece of a size drops it from the size facet and filter on the next request', async () => {
    const db = api.handle.db;
    // A product with a size name in stock in exactly one of its offers, with one piece left.
    const [target] = await rows<{
      product_id: number;
      offer_id: number;
      ext_id: string;
      name: string;
      stock: number;
      path: string;
    }>(
      db,
      sql`select o.product_id, o.id as offer_id, f.ext_id, f.name, f.stock, c.path
          from offer_features f join offers o on o.id = f.offer_id join products p on p.id = o.product_id
          join categories c on c.id = p.category_id
          where f.kind = 'size' and f.stock = 1
            and (select count(*) from offer_features f2 join offers o2 on o2.id = f2.offer_id
                 where o2.product_id = o.product_id and f2.name = f.name and f2.stock > 0) = 1
          order by f.id limit 1`,
    );
    expect(target).toBeDefined();
    const t = target!;
    const facetsOf = async () => Facets.parse((await call(api, 'GET', `/api/v1/all/filters/${t.path}/`)).json);
    const listed = async () => {
      const res = await call(api, 'GET', `/api/v1/offers/${t.path}/?limit=100&filters=${q({ sizes: [t.name] })}`);
      return OffersPage.parse(res.json);
    };
    const before = (await facetsOf()).sizes.find((s) => s.value === t.name)!.count;
    const beforeListing = await listed();
    expect(beforeListing.results.map((r) => r.id)).toContain(t.product_id);
    expect(beforeListing.count).toBe(before);

    const [moscow] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Москва'));
    const order = await call(
      api,
      'POST',
      '/api/v1/order/',
      {
        contact: { fio: 'Петрова Мария Ивановна', email: 'maria@example.ru', phone: '+7(916)-123-45-67' },
        personal_data_consent: true,
        delivery: {
          method: 'courier',
          city_id: moscow!.id,
          street: 'Тверская',
          house: '12',
          apartment: '45',
          postcode: '125009',
        },
        items: [{ offer: t.offer_id, feature: t.ext_id, quantity: 1 }],
      },
      { 'idempotency-key': `index-last-size-${t.ext_id}` },
    );
    expect(order.status).toBe(201);

    const after = (await facetsOf()).sizes.find((s) => s.value === t.name)?.count ?? 0;
    expect(after).toBe(before - 1);
    const afterListing = await listed();
    expect(afterListing.count).toBe(before - 1);
    expect(afterListing.results.map((r) => r.id)).not.toContain(t.product_id);
  });

  it('a read that comes while a stock refresh is under way waits for it (no pre-change answer)', async () => {
    const db = api.handle.db;
    // A size in stock in some colour of a product: sold out in every colour, as bench:freshness does.
    const [t] = await rows<{ product_id: number; name: string; path: string }>(
      db,
      sql`select o.product_id, f.name, c.path from offer_features f join offers o on o.id = f.offer_id
          join products p on p.id = o.product_id join categories c on c.id = p.category_id
          where f.kind = 'size' and f.stock > 0 order by f.id desc limit 1`,
    );
    const { product_id: id, name, path } = t!;
    const params = { categoryPath: path, filters: { sizes: [name] }, limit: 500, offset: 0 };
    expect((await listOffers(db, params)).results.map((r) => r.id)).toContain(id);
    const saved = await rows<{ id: number; stock: number }>(
      db,
      sql`select f.id, f.stock from offer_features f join offers o on o.id = f.offer_id
          where o.product_id = ${id} and f.name = ${name}`,
    );
    await db.execute(
      sql`update offer_features set stock = 0 where name = ${name} and offer_id in (select id from offers where product_id = ${id})`,
    );
    noteStockChanged(db, [id]);
    // The first read starts the refresh (and empties the noted set); the second comes meanwhile.
    const [first, second] = await Promise.all([listOffers(db, params), listOffers(db, params)]);
    expect(first.results.map((r) => r.id)).not.toContain(id);
    expect(second.results.map((r) => r.id)).not.toContain(id);

    for (const row of saved) await db.execute(sql`update offer_features set stock = ${row.stock} where id = ${row.id}`);
    noteStockChanged(db, [id]);
    expect((await listOffers(db, params)).results.map((r) => r.id)).toContain(id);
  });

  it('a price change noted with noteCatalogChanged moves the product between price-filtered listings', async () => {
    const db = api.handle.db;
    await catalogIndex(db); // built before the change, so the test sees a rebuild, not a first build
    const [p] = await rows<{ id: number; price: string; path: string }>(
      db,
      sql`select p.id, p.price, c.path from products p join categories c on c.id = p.category_id order by p.id limit 1`,
    );
    const cheap = { price_max: 1 };
    const ids = async (filters: OfferFilters) =>
      OffersPage.parse(
        (await call(api, 'GET', `/api/v1/offers/${p!.path}/?limit=100&filters=${q(filters)}`)).json,
      ).results.map((r) => r.id);
    expect(await ids(cheap)).not.toContain(p!.id);
    const facetCount = async () =>
      Facets.parse((await call(api, 'GET', `/api/v1/all/filters/${p!.path}/?filters=${q(cheap)}`)).json).count;
    const cheapBefore = await facetCount();

    await db.update(products).set({ price: 0.5 }).where(eq(products.id, p!.id));
    noteCatalogChanged(db);
    expect(await ids(cheap)).toContain(p!.id);
    expect(await facetCount()).toBe(cheapBefore + 1);

    await db
      .update(products)
      .set({ price: Number(p!.price) })
      .where(eq(products.id, p!.id));
    noteCatalogChanged(db);
    expect(await ids(cheap)).not.toContain(p!.id);
    expect(await facetCount()).toBe(cheapBefore);
  });
});

/** Inserts product `id` as a copy of `source` with all its offers and sizes (price +1, new, popularity +5). */
async function copyProduct(
  db: TestApi['handle']['db'],
  source: number,
  id: number,
  name: string | null,
): Promise<void> {
  await db.execute(sql`insert into products (id, slug, name, type, brand_id, category_id, description, composition, material, country, care,
      price, old_price, is_new, popularity, weight, search_text, created_at)
    select ${id}, slug || '-copy' || ${id}, ${name === null ? sql`name` : sql`${name}`}, type, brand_id, category_id, description, composition,
      material, country, care, price + 1, old_price, true, popularity + 5, weight, search_text, now() from products where id = ${source}`);
  await db.execute(sql`insert into offers (product_id, color_id, ext_id, sort)
    select ${id}, color_id, ext_id || '-copy' || ${id}, sort from offers where product_id = ${source}`);
  await db.execute(sql`insert into offer_features (offer_id, kind, name, ext_id, stock, sort)
    select n.id, f.kind, f.name, f.ext_id || '-copy' || ${id}, f.stock, f.sort from offer_features f join offers o on o.id = f.offer_id
      join offers n on n.product_id = ${id} and n.ext_id = o.ext_id || '-copy' || ${id} where o.product_id = ${source}`);
}

describe('catalogue index patched by product changes (issue #13)', () => {
  it('answers like the SQL after price, sale, popularity, name, stock, new and deleted products, without a rebuild', async () => {
    const db = api.handle.db;
    const before = await catalogIndex(db);
    const all = (await rows<{ id: number }>(db, sql`select id from products order by id`)).map((r) => Number(r.id));
    const rnd = prng(13);
    const some = (count: number) => Array.from({ length: count }, () => all[Math.floor(rnd() * all.length)]!);
    const touched = new Set<number>();
    const note = (ids: number[]) => ids.forEach((id) => touched.add(id));

    // Prices up and down, a sale started and ended, popularity and novelty, in one round.
    for (const id of some(12))
      await db.execute(sql`update products set price = round((price * ${0.5 + rnd()})::numeric, 2) where id = ${id}`);
    const onSale = some(6);
    for (const id of onSale) await db.execute(sql`update products set old_price = price * 2 where id = ${id}`);
    await db.execute(sql`update products set old_price = null where id = ${onSale[0]!}`);
    for (const id of some(8))
      await db.execute(
        sql`update products set popularity = ${Math.floor(rnd() * 1000)}, is_new = not is_new where id = ${id}`,
      );
    // Renamed: to another product's name (typo search groups by name) and to a new name.
    const [renamed, other] = some(2);
    await db.execute(
      sql`update products set name = (select name from products where id = ${other!}) where id = ${renamed!}`,
    );
    await db.execute(
      sql`update products set name = 'Купальник Лазурит', search_text = search_text || ' лазурит' where id = ${all[3]!}`,
    );
    // Every size of one product sold out; a size of another back in stock.
    await db.execute(
      sql`update offer_features set stock = 0 where offer_id in (select id from offers where product_id = ${all[5]!})`,
    );
    await db.execute(sql`update offer_features set stock = 7 where id = (select f.id from offer_features f join offers o on o.id = f.offer_id
      where o.product_id = ${all[6]!} and f.stock = 0 limit 1)`);
    // Deleted, and new ones above the highest id (copies of existing products with all their sizes).
    const deleted = [all[10]!, all[20]!];
    for (const id of deleted) await db.execute(sql`delete from products where id = ${id}`);
    const top = all.at(-1)!;
    const added = [top + 1, top + 2];
    for (const [k, id] of added.entries())
      await copyProduct(db, all[30 + k]!, id, k === 0 ? null : 'Платье Новинка Лета');
    const changes = await rows<{ product_id: number | null }>(
      db,
      sql`select product_id from catalog_changes where product_id is not null`,
    );
    note(changes.map((c) => Number(c.product_id)));
    expect(touched.size).toBeGreaterThan(25);
    noteProductsChanged(db, touched);

    const after = await catalogIndex(db);
    expect(after.builtAt, 'patched, not rebuilt').toBe(before.builtAt);
    expect(after).not.toBe(before);
    await compareWithSql(db, 29, 150);
    await compareSearchWithSql(db, ['лазурит', 'лазурт', 'платье новинка лета', 'новинко']);
    for (const id of deleted) expect(after.alive[after.denseOf[id]!]).toBe(0);
    expect(after.n).toBe(before.n + added.length);
  });

  it('patches in a new product whose id is below one patched in before (inserts committed out of order)', async () => {
    const db = api.handle.db;
    const [{ top, source }] = (await rows<{ top: number; source: number }>(
      db,
      sql`select max(id) as top, min(id) as source from products`,
    )) as [{ top: number; source: number }];
    const before = await catalogIndex(db);
    await copyProduct(db, Number(source), Number(top) + 20, 'Купальник Поздний');
    noteProductsChanged(db, [Number(top) + 20]);
    await catalogIndex(db);
    await copyProduct(db, Number(source), Number(top) + 10, 'Купальник Ранний');
    noteProductsChanged(db, [Number(top) + 10]);
    const after = await catalogIndex(db);
    expect(after.builtAt, 'patched, not rebuilt').toBe(before.builtAt);
    expect(after.n).toBe(before.n + 2);
    // Same price and popularity, in the same category: in every order but "new" only the id
    // tie-break puts the two copies in the SQL's order.
    const [{ path }] = (await rows<{ path: string }>(
      db,
      sql`select c.path from products p join categories c on c.id = p.category_id where p.id = ${source}`,
    )) as [{ path: string }];
    for (const sort of ['popular', 'price_asc', 'price_desc', 'discount'] as const) {
      const listing = { categoryPath: path, filters: {}, sort, limit: 200, offset: 0 };
      expect(await listOffers(db, listing), sort).toEqual(await listOffersSql(db, listing));
    }
    await compareWithSql(db, 37, 60);
    await compareSearchWithSql(db, ['купальник ранний', 'поздний']);
  });

  it('asks for a full rebuild when a change names a brand the index has never seen', async () => {
    const db = api.handle.db;
    const before = await catalogIndex(db);
    await db.execute(
      sql`insert into brands (id, slug, name, name_ru, country) select max(id) + 1, 'brand-new', 'Brand New', 'Бренд Новый', 'Россия' from brands`,
    );
    const [p] = await rows<{ id: number }>(db, sql`select id from products order by id limit 1`);
    await db.execute(sql`update products set brand_id = (select max(id) from brands) where id = ${p!.id}`);
    noteProductsChanged(db, [p!.id]);
    const after = await catalogIndex(db);
    expect(after.builtAt).toBeGreaterThanOrEqual(before.builtAt);
    expect(after.brands.some((b) => b.slug === 'brand-new')).toBe(true);
    await compareWithSql(db, 31, 40);
  });
});
