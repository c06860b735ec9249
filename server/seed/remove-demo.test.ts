/**
 * Issue #28 item 5: `npm run demo:remove` on a demo shop that has imported its own goods and taken
 * orders. Demo goods go with their sizes, pictures, baskets and favourites; imported goods, their
 * categories and brands stay; every order stays byte for byte, and demo goods an order names stay
 * off sale; the deletes are change events; a second run changes nothing.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, type DbHandle } from '../db/client';
import {
  brands,
  cartItems,
  carts,
  categories,
  colors,
  favorites,
  giftCards,
  importCategoryLinks,
  landingPages,
  offerFeatures,
  offers,
  orderItems,
  orders,
  productImages,
  products,
  users,
} from '../db/schema';
import { createTestApi, type TestApi } from '../test-utils';
import { DEMO_USER } from './accounts';
import { DEMO_GIFT_CARDS } from './checkout';
import { formatRemoveDemoReport, removeDemoGoods, type RemoveDemoReport } from './remove-demo';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Demo products seeded: enough for every section. */
const DEMO_PRODUCTS = 150;

let api: TestApi;
let handle: DbHandle;
/** Ids the scenario creates. */
const ids = {
  importedInDemoCategory: 900_001,
  importedInOwnCategory: 900_002,
  /** A demo product whose size only (not product, not offer) an order line names. */
  orderedBySize: 40,
  /** A demo product in a basket and a favourite, no order. */
  inBasket: 77,
  linkedCategory: 0,
  ownCategory: 0,
  cart: '',
};

const n = async (table: PgTable) => (await handle.db.select({ n: count() }).from(table))[0]?.n ?? 0;
/** Every order and order line, all columns, in id order: what must not change. */
const orderSnapshot = async () => ({
  orders: await rows(handle.db, sql`select * from orders order by id`),
  lines: await rows(handle.db, sql`select * from order_items order by id`),
  history: await rows(handle.db, sql`select * from order_status_history order by id`),
});

async function importedProduct(id: number, categoryId: number, brandId: number, extId: string) {
  await handle.db.insert(products).values({
    id,
    slug: `imported-${id}`,
    name: `Платье миди ${id}`,
    type: 'dress',
    brandId,
    categoryId,
    description: '',
    composition: '',
    material: 'хлопок',
    country: '',
    care: '',
    price: 5990,
    searchText: 'платье миди',
    createdAt: new Date(),
    extId,
  });
  const [color] = await handle.db.select({ id: colors.id }).from(colors).where(eq(colors.slug, 'chernyj'));
  const [offer] = await handle.db
    .insert(offers)
    .values({ productId: id, colorId: color!.id, extId: `${extId}-black` })
    .returning({ id: offers.id });
  await handle.db
    .insert(offerFeatures)
    .values({ offerId: offer!.id, kind: 'size', name: '44', extId: `${extId}-44`, stock: 3 });
  await handle.db.insert(productImages).values({
    productId: id,
    offerId: offer!.id,
    url: '/media/import/x.webp',
    alt: '',
    isMain: true,
    width: 800,
    height: 1067,
  });
  return offer!.id;
}

beforeAll(async () => {
  // Demo mode (the tests' loopback SITE_URL): the demo buyer with two orders (demo products 1–3)
  // and favourites, demo certificates. PGlite, or PostgreSQL with TEST_DATABASE_URL.
  api = await createTestApi(DEMO_PRODUCTS);
  handle = api.handle;
  const db = handle.db;

  // The owner's import: one product joins the demo category «Платья миди» under a demo brand's
  // name (Mango), one lands in a category of its own; a demo category is linked to a 1C group.
  const [mango] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, 'mango'));
  const [midi] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.path, 'odezhda/platya/midi'));
  await db.insert(importCategoryLinks).values({
    extId: 'g-bags',
    categoryId: (await rows<{ id: number }>(db, sql`select id from categories where path = 'aksessuary/sumki'`))[0]!.id,
    name: 'Сумки',
  });
  ids.linkedCategory = (
    await rows<{ id: number }>(db, sql`select id from categories where path = 'aksessuary/sumki'`)
  )[0]!.id;
  const [odezhda] = await db.select({ id: categories.id }).from(categories).where(eq(categories.path, 'odezhda'));
  const [own] = await db
    .insert(categories)
    .values({
      parentId: odezhda!.id,
      path: 'odezhda/svoi-platya',
      slug: 'svoi-platya',
      section: 'odezhda',
      level: 2,
      name: 'Свои платья',
      extId: 'g-dresses',
      sort: 1000,
    })
    .returning({ id: categories.id });
  ids.ownCategory = own!.id;
  const [ownBrand] = await db
    .insert(brands)
    .values({ name: 'Своя марка', slug: 'svoya-marka', nameRu: 'Своя марка', country: '' })
    .returning({ id: brands.id });
  const importedOffer = await importedProduct(ids.importedInDemoCategory, midi!.id, mango!.id, 'yml-1');
  await importedProduct(ids.importedInOwnCategory, own!.id, ownBrand!.id, '1c-2');

  // A guest's order naming a demo product by its size only.
  const [size] = await rows<{ id: number }>(
    db,
    sql`select f.id from offer_features f join offers o on o.id = f.offer_id where o.product_id = ${ids.orderedBySize} order by f.id limit 1`,
  );
  const [order] = await db
    .insert(orders)
    .values({
      number: 'LM-900001',
      contactFio: 'Петрова Ольга',
      contactEmail: 'o@example.ru',
      deliveryMethod: 'courier',
      paymentMethod: 'cash',
      itemsTotal: 1000,
      total: 1000,
    })
    .returning({ id: orders.id });
  await db
    .insert(orderItems)
    .values({ orderId: order!.id, featureId: size!.id, productName: 'Демо', price: 1000, quantity: 1 });

  // A basket with a demo line and an imported line; the demo buyer also likes a demo product.
  const [cart] = await db.insert(carts).values({}).returning({ id: carts.id });
  ids.cart = cart!.id;
  const [demoSize] = await rows<{ id: number; offer_id: number }>(
    db,
    sql`select f.id, f.offer_id from offer_features f join offers o on o.id = f.offer_id where o.product_id = ${ids.inBasket} order by f.id limit 1`,
  );
  const [importedSize] = await db
    .select({ id: offerFeatures.id })
    .from(offerFeatures)
    .where(eq(offerFeatures.offerId, importedOffer));
  await db.insert(cartItems).values([
    { cartId: cart!.id, offerId: demoSize!.offer_id, featureId: demoSize!.id, quantity: 1 },
    { cartId: cart!.id, offerId: importedOffer, featureId: importedSize!.id, quantity: 2 },
  ]);
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USER.email));
  await db.insert(favorites).values({ userId: buyer!.id, productId: ids.inBasket });
});

afterAll(async () => {
  await api?.close();
});

describe('removeDemoGoods', () => {
  let before: Awaited<ReturnType<typeof orderSnapshot>>;
  let report: RemoveDemoReport;
  let changesBefore: number;

  beforeAll(async () => {
    before = await orderSnapshot();
    // Warm the app's catalogue index and answer cache: the removal must reach them.
    expect((await api.app.request('/api/v1/offers/?limit=100')).status).toBe(200);
    changesBefore = Number(
      (await rows<{ m: number | null }>(handle.db, sql`select max(id) as m from catalog_changes`))[0]?.m ?? 0,
    );
  });

  it('--dry-run reports and changes nothing', async () => {
    const dry = await removeDemoGoods(handle.db, { dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(dry.products).toBeGreaterThan(100);
    expect(await n(products)).toBe(DEMO_PRODUCTS + 2);
    expect(await n(cartItems)).toBe(2);
    expect(formatRemoveDemoReport(dry)).toMatch(/^Проверка без изменений/);
  });

  it('deletes the demo goods and keeps the imported ones and those orders name', async () => {
    report = await removeDemoGoods(handle.db, { keepPaths: ['obuv/sandalii'] });
    // Demo products 1–3 (the demo buyer's orders) and the one ordered by size stay.
    expect(report.keptOrdered).toEqual(expect.arrayContaining([ids.orderedBySize]));
    expect(report.keptOrdered.length).toBeGreaterThanOrEqual(2);
    expect(report.products).toBe(DEMO_PRODUCTS - report.keptOrdered.length);
    expect(report.productsLeft).toBe(2 + report.keptOrdered.length);
    const left = (await handle.db.select({ id: products.id, extId: products.extId }).from(products)).map((p) => p.id);
    expect(left.sort((a, b) => a - b)).toEqual(
      [...report.keptOrdered, ids.importedInDemoCategory, ids.importedInOwnCategory].sort((a, b) => a - b),
    );
    // Offers, sizes and images went with them (no orphan rows).
    expect(await n(offers)).toBe(
      (await rows(handle.db, sql`select 1 from offers o join products p on p.id = o.product_id`)).length,
    );
    expect(report.offers).toBeGreaterThan(report.products);
    expect(report.sizes).toBeGreaterThan(report.offers);
    expect(report.images).toBeGreaterThan(report.offers);
    const orphanImages = await rows(
      handle.db,
      sql`select 1 from product_images i left join products p on p.id = i.product_id where p.id is null`,
    );
    expect(orphanImages).toHaveLength(0);
  });

  it('leaves every order, line and status exactly as it was', async () => {
    expect(await orderSnapshot()).toEqual(before);
  });

  it('takes the kept demo goods off sale and leaves imported stock alone', async () => {
    const stock = await rows<{ product_id: number; stock: number }>(
      handle.db,
      sql`select o.product_id, sum(f.stock)::int as stock from offer_features f join offers o on o.id = f.offer_id group by o.product_id`,
    );
    const byId = new Map(stock.map((s) => [Number(s.product_id), Number(s.stock)]));
    for (const id of report.keptOrdered) expect(byId.get(id), `product ${id}`).toBe(0);
    expect(report.sizesTakenOffSale).toBeGreaterThan(0);
    expect(byId.get(ids.importedInDemoCategory)).toBe(3);
    expect(byId.get(ids.importedInOwnCategory)).toBe(3);
  });

  it('empties baskets and favourites of the removed goods only', async () => {
    expect(report.cartLines).toBe(1);
    const lines = await handle.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.cartId, ids.cart));
    expect(lines).toEqual([{ quantity: 2 }]);
    expect(report.favorites).toBe(1);
    const favs = await handle.db.select({ productId: favorites.productId }).from(favorites);
    expect(favs.map((f) => f.productId)).not.toContain(ids.inBasket);
  });

  it('removes empty demo categories, keeping sections, imported, linked and mapped ones', async () => {
    const paths = new Set((await handle.db.select({ path: categories.path }).from(categories)).map((c) => c.path));
    for (const section of ['kupalniki', 'odezhda', 'obuv', 'aksessuary', 'bele', 'detskoe', 'muzhskoe'])
      expect(paths.has(section), section).toBe(true);
    expect(paths.has('odezhda/svoi-platya')).toBe(true);
    // The imported product's demo category and its parent.
    expect(paths.has('odezhda/platya/midi')).toBe(true);
    expect(paths.has('odezhda/platya')).toBe(true);
    expect(paths.has('aksessuary/sumki')).toBe(true);
    expect(paths.has('obuv/sandalii')).toBe(true);
    // Categories of the kept (ordered) demo products stay too; a typical empty one goes.
    const kept = await rows<{ path: string }>(
      handle.db,
      sql`select c.path from products p join categories c on c.id = p.category_id where p.id in (${sql.join(
        report.keptOrdered.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const k of kept) expect(paths.has(k.path)).toBe(true);
    expect(report.categories).toBeGreaterThan(20);
    // No category is left with neither products nor an imported / linked / mapped descendant.
    const empty = await rows<{ path: string }>(
      handle.db,
      sql`select c.path from categories c where c.level > 1 and c.ext_id is null
          and c.path not in ('aksessuary/sumki', 'obuv/sandalii')
          and not exists (select 1 from categories d join products p on p.category_id = d.id
                          where d.path = c.path or d.path like c.path || '/%')
          and not exists (select 1 from categories d where d.ext_id is not null and d.path like c.path || '/%')`,
    );
    expect(empty).toEqual([]);
  });

  it('removes unused demo brands, keeps brands with goods, voids the demo secrets', async () => {
    const slugs = new Set((await handle.db.select({ slug: brands.slug }).from(brands)).map((b) => b.slug));
    expect(slugs.has('mango')).toBe(true);
    expect(slugs.has('svoya-marka')).toBe(true);
    const [noGoods] = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from brands b where not exists (select 1 from products p where p.brand_id = b.id) and b.slug <> 'svoya-marka'`,
    );
    expect(Number(noGoods?.n)).toBe(0);
    expect(report.brands).toBeGreaterThan(10);
    // Colours stay: the palette imports map onto.
    expect(await n(colors)).toBe(16);
    const cards = await handle.db.select({ code: giftCards.code, balance: giftCards.balance }).from(giftCards);
    for (const g of DEMO_GIFT_CARDS) expect(cards.find((c) => c.code === g.code)?.balance).toBe(0);
    expect(report.giftCardsVoided).toBe(DEMO_GIFT_CARDS.length);
    const [buyer] = await handle.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, DEMO_USER.email));
    expect(buyer?.hash).toBeNull();
    expect(report.demoBuyerLocked).toBe(true);
  });

  it('drops demo tags and landing pages that show nothing, keeps sale / new tags', async () => {
    const tagRows = await rows<{ path: string; slug: string }>(
      handle.db,
      sql`select c.path, t.slug from tags t join categories c on c.id = t.category_id`,
    );
    const has = (path: string, slug: string) => tagRows.some((t) => t.path === path && t.slug === slug);
    expect(has('kupalniki', 'rasprodazha')).toBe(true);
    expect(has('kupalniki', 'kupalniki-maaji')).toBe(false);
    expect(report.tags).toBeGreaterThan(0);
    const slugs = (await handle.db.select({ slug: landingPages.slug }).from(landingPages)).map((l) => l.slug);
    expect(slugs).not.toContain('maaji');
    expect(report.landingPages).toBeGreaterThan(0);
  });

  it('is a change event: the triggers logged the deleted products and the catalogue change', async () => {
    const changes = await rows<{ kind: string; product_id: number | null }>(
      handle.db,
      sql`select kind, product_id from catalog_changes where id > ${changesBefore}`,
    );
    expect(changes.some((c) => c.kind === 'catalog')).toBe(true);
    expect(changes.filter((c) => c.kind === 'product').length).toBeGreaterThanOrEqual(report.products);
  });

  it('the API lists only what is left', async () => {
    // The app built before the removal (its index and answer cache warm) lists only what is left.
    const res = await api.app.request('/api/v1/offers/?limit=100');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { count: number };
    expect(body.count).toBe(report.productsLeft);
    const menu = await api.app.request('/api/v1/preview_category/');
    expect(menu.status).toBe(200);
  });

  it('prints a Russian report', () => {
    const text = formatRemoveDemoReport(report);
    expect(text).toMatch(/Удалено товаров: \d+/);
    expect(text).toMatch(/из заказов, сняты с продажи/);
    expect(text).toMatch(/Заказы не затронуты/);
  });

  it('is idempotent: a second run removes nothing and still touches no order', async () => {
    const again = await removeDemoGoods(handle.db, { keepPaths: ['obuv/sandalii'] });
    expect(again).toMatchObject({
      products: 0,
      sizesTakenOffSale: 0,
      categories: 0,
      brands: 0,
      tags: 0,
      landingPages: 0,
      cartLines: 0,
      favorites: 0,
      giftCardsVoided: 0,
      demoBuyerLocked: false,
      productsLeft: report.productsLeft,
    });
    expect(again.keptOrdered).toEqual(report.keptOrdered);
    expect(await orderSnapshot()).toEqual(before);
  });
});
