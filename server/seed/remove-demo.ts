/**
 * Issue #28 item 5: takes the generated demo goods out of a shop that now sells its own catalogue
 * (`npm run demo:remove`, server/seed/remove-demo-cli.ts), in one transaction, touching no order.
 *
 * What is demo: a product with `ext_id IS NULL` (the importer, YML or 1C, sets `ext_id` on
 * everything it writes); the demo brands (server/seed/brands.ts) and landing pages
 * (server/seed/landing.ts) left without goods; categories below the 7 sections with no `ext_id`
 * and nothing of the retailer's in their subtree; tags naming a demo brand, colour or material
 * that match no product any more. Colours are the palette imports map onto and stay
 * (server/seed/empty-start.ts).
 *
 * Orders: `order_items` references products, offers and sizes with ON DELETE SET NULL, so deleting
 * a bought demo product would rewrite the lines of real orders (and break their «Повторить» and
 * product links). Such products are kept, taken off sale (every size's stock set to 0) and named
 * in the report; the order rows are never written.
 *
 * The demo's published secrets (README) stop working: the demo certificates' balance becomes 0
 * and the demo buyer loses their password and sessions (their rows stay: orders name them).
 *
 * Every delete fires the catalogue triggers of migration 0010 (products, offers, sizes, images,
 * categories, brands, tags), so a running API on PostgreSQL hears it as a change event and the
 * storefront's pages follow within the freshness bound (docs/caching.md).
 */
import { sql } from 'drizzle-orm';
import type { OfferFilters } from '@/lib/api/contract/catalog';
import { rows, type Db, type Tx } from '../db/client';
import { filterConditions } from '../services/catalog';
import { noteCatalogChanged } from '../services/catalog-index';
import { invalidateResponseCaches } from '../services/response-cache';
import { DEMO_USER } from './accounts';
import { BRANDS } from './brands';
import { DEMO_GIFT_CARDS } from './checkout';
import { isGenericFilter } from './empty-start';
import { LANDING_PAGES } from './landing';

/** Options of {@link removeDemoGoods}. */
export interface RemoveDemoOptions {
  /**
   * Category paths to keep even when empty, with their ancestors: the targets of
   * IMPORT_CATEGORY_MAP, which the next import will fill.
   */
  keepPaths?: readonly string[];
  /** Work out and report everything, then roll back (`--dry-run`). */
  dryRun?: boolean;
}

/** What {@link removeDemoGoods} did (row counts; `keptOrdered` lists product ids). */
export interface RemoveDemoReport {
  dryRun: boolean;
  /** Demo products deleted, with their colours (offers), sizes and images. */
  products: number;
  offers: number;
  sizes: number;
  images: number;
  /** Demo products kept because an order names them, off sale; ids ascending. */
  keptOrdered: number[];
  /** Sizes of those products whose stock was set to 0 by this run. */
  sizesTakenOffSale: number;
  categories: number;
  brands: number;
  tags: number;
  landingPages: number;
  /** Basket lines and favourites of deleted products removed. */
  cartLines: number;
  favorites: number;
  /** Demo gift certificates (published codes) whose balance was set to 0. */
  giftCardsVoided: number;
  /** Whether the demo buyer (published password) was locked: password removed, tokens revoked. */
  demoBuyerLocked: boolean;
  /** Products left in the catalogue (the retailer's own plus `keptOrdered`). */
  productsLeft: number;
  ms: number;
}

/** Thrown inside the transaction to roll a dry run back after its report is complete. */
class DryRun extends Error {}

const count = (r: { n: number | string }[] | undefined) => Number(r?.[0]?.n ?? 0);

/** Runs a counted statement (`… returning 1`) and returns how many rows it touched. */
async function affected(tx: Tx, query: ReturnType<typeof sql>): Promise<number> {
  return (await rows(tx, query)).length;
}

/**
 * Deletes the demo goods and what only they used (see the module docstring) in one transaction.
 * Idempotent: a second run finds nothing to delete and reports zeros (the products kept for
 * orders are listed again).
 * @returns the counts; with `dryRun` the same counts, nothing changed.
 * @throws whatever the database throws (the transaction is rolled back, nothing changed).
 */
export async function removeDemoGoods(db: Db, opts: RemoveDemoOptions = {}): Promise<RemoveDemoReport> {
  const started = performance.now();
  const report: RemoveDemoReport = {
    dryRun: !!opts.dryRun,
    products: 0,
    offers: 0,
    sizes: 0,
    images: 0,
    keptOrdered: [],
    sizesTakenOffSale: 0,
    categories: 0,
    brands: 0,
    tags: 0,
    landingPages: 0,
    cartLines: 0,
    favorites: 0,
    giftCardsVoided: 0,
    demoBuyerLocked: false,
    productsLeft: 0,
    ms: 0,
  };
  try {
    await db.transaction(async (tx) => {
      await removeInTx(tx, report, opts);
      if (opts.dryRun) throw new DryRun();
    });
  } catch (e) {
    if (!(e instanceof DryRun)) throw e;
  }
  if (!opts.dryRun) {
    // In-process readers (an API sharing this handle, the tests) rebuild at once; other processes
    // hear the triggers' change events.
    noteCatalogChanged(db);
    invalidateResponseCaches();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

async function removeInTx(tx: Tx, report: RemoveDemoReport, opts: RemoveDemoOptions): Promise<void> {
  // PostgreSQL beside a running shop: an order or basket line written for a demo product between
  // the reads below and the delete would have its references nulled (an order changed) or would
  // block the delete. SHARE mode makes checkout and basket writes wait for this transaction
  // (seconds); reads go on.
  await tx.execute(sql`lock table order_items, cart_items in share mode`);
  // Demo products an order line names, by product, colour or size (any of the three FKs).
  const inOrders = sql`(
    exists (select 1 from order_items oi where oi.product_id = p.id)
    or exists (select 1 from order_items oi join offers o on o.id = oi.offer_id where o.product_id = p.id)
    or exists (
      select 1 from order_items oi
      join offer_features f on f.id in (oi.feature_id, oi.feature_top_id, oi.feature_bot_id)
      join offers o on o.id = f.offer_id
      where o.product_id = p.id))`;
  const ordered = await rows<{ id: number }>(
    tx,
    sql`select p.id from products p where p.ext_id is null and ${inOrders} order by p.id`,
  );
  report.keptOrdered = ordered.map((r) => Number(r.id));

  // The ids to delete, fixed once: later statements change what the conditions above would find.
  await tx.execute(sql`create temp table demo_remove (id integer primary key) on commit drop`);
  await tx.execute(
    sql`insert into demo_remove (id) select p.id from products p where p.ext_id is null and not ${inOrders}`,
  );
  const [sizes] = await rows<{ offers: number; sizes: number; images: number; products: number }>(
    tx,
    sql`select (select count(*) from demo_remove)::int as products,
               (select count(*) from offers o join demo_remove d on d.id = o.product_id)::int as offers,
               (select count(*) from offer_features f join offers o on o.id = f.offer_id
                  join demo_remove d on d.id = o.product_id)::int as sizes,
               (select count(*) from product_images i join demo_remove d on d.id = i.product_id)::int as images`,
  );
  report.products = Number(sizes?.products ?? 0);
  report.offers = Number(sizes?.offers ?? 0);
  report.sizes = Number(sizes?.sizes ?? 0);
  report.images = Number(sizes?.images ?? 0);

  // Bought demo goods stay for their orders but can no longer be bought.
  if (report.keptOrdered.length) {
    report.sizesTakenOffSale = await affected(
      tx,
      sql`update offer_features f set stock = 0
          from offers o, products p
          where o.id = f.offer_id and p.id = o.product_id and p.ext_id is null and f.stock > 0
            and p.id in (${sql.join(
              report.keptOrdered.map((id) => sql`${id}`),
              sql`, `,
            )})
          returning 1`,
    );
  }

  // Baskets first: a line's size reference (no ON DELETE action) would block deleting the size.
  report.cartLines = await affected(
    tx,
    sql`delete from cart_items ci
        where ci.offer_id in (select o.id from offers o join demo_remove d on d.id = o.product_id)
           or exists (
             select 1 from offer_features f join offers o on o.id = f.offer_id join demo_remove d on d.id = o.product_id
             where f.id in (ci.feature_id, ci.feature_top_id, ci.feature_bot_id))
        returning 1`,
  );
  report.favorites = await affected(
    tx,
    sql`delete from favorites where product_id in (select id from demo_remove) returning 1`,
  );
  // Offers, sizes and images go with their product (ON DELETE CASCADE).
  await tx.execute(sql`delete from products where id in (select id from demo_remove)`);

  // Categories below the sections with nothing of the retailer's in their subtree: no product, no
  // imported (ext_id) or import-linked category (a demo category an import joined by name is the
  // retailer's now), no IMPORT_CATEGORY_MAP target.
  const keep = [...new Set((opts.keepPaths ?? []).map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean))];
  const keepSql = keep.length
    ? sql`or d.path in (${sql.join(
        keep.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;
  report.categories = await affected(
    tx,
    sql`delete from categories c
        where c.level > 1 and c.ext_id is null
          and not exists (
            select 1 from categories d
            where (d.path = c.path or left(d.path, length(c.path) + 1) = c.path || '/')
              and (d.ext_id is not null
                   or exists (select 1 from products p where p.category_id = d.id)
                   or exists (select 1 from import_category_links l where l.category_id = d.id)
                   ${keepSql}))
        returning 1`,
  );

  // Tags naming demo brands, colours or materials that no product of their category matches now
  // (tags of deleted categories went with them). Sale / new / price tags stay: any goods fill them.
  const tagRows = await rows<{ id: number; path: string; filter: OfferFilters }>(
    tx,
    sql`select t.id, c.path, t.filter from tags t join categories c on c.id = t.category_id order by t.id`,
  );
  for (const tag of tagRows) {
    if (isGenericFilter(tag.filter as Record<string, unknown>)) continue;
    if (await matchesAny(tx, tag.path, tag.filter)) continue;
    await tx.execute(sql`delete from tags where id = ${tag.id}`);
    report.tags++;
  }

  // Demo landing pages that show nothing now (their category gone, or no product matches).
  const landings = await rows<{ id: number; slug: string; category_path: string | null; filter: OfferFilters }>(
    tx,
    sql`select id, slug, category_path, filter from landing_pages where slug in (${sql.join(
      LANDING_PAGES.map((l) => sql`${l.slug}`),
      sql`, `,
    )})`,
  );
  for (const landing of landings) {
    if (await matchesAny(tx, landing.category_path, landing.filter)) continue;
    await tx.execute(sql`delete from landing_pages where id = ${landing.id}`);
    report.landingPages++;
  }

  report.brands = await affected(
    tx,
    sql`delete from brands b
        where b.slug in (${sql.join(
          BRANDS.map((x) => sql`${x.slug}`),
          sql`, `,
        )})
          and not exists (select 1 from products p where p.brand_id = b.id)
        returning 1`,
  );

  // The demo's published secrets (README): certificates anyone could pay with, a buyer anyone could
  // log in as. Their rows stay (orders and the certificate ledger name them); they just stop working.
  report.giftCardsVoided = await affected(
    tx,
    sql`update gift_cards set balance = 0
        where balance > 0 and code in (${sql.join(
          DEMO_GIFT_CARDS.map((g) => sql`${g.code}`),
          sql`, `,
        )})
        returning 1`,
  );
  const locked = await rows<{ id: number }>(
    tx,
    sql`update users set password_hash = null, updated_at = now()
        where email = ${DEMO_USER.email} and password_hash is not null returning id`,
  );
  if (locked.length) {
    report.demoBuyerLocked = true;
    await tx.execute(
      sql`update auth_tokens set revoked_at = now() where user_id = ${locked[0]!.id} and revoked_at is null`,
    );
  }

  report.productsLeft = count(await rows<{ n: number }>(tx, sql`select count(*)::int as n from products`));
}

/** Whether any product of the category subtree (the whole catalogue for null) matches `filter`. */
async function matchesAny(tx: Tx, categoryPath: string | null, filter: OfferFilters): Promise<boolean> {
  const where = filterConditions(filter ?? {});
  if (categoryPath !== null) {
    where.push(
      sql`p.category_id in (select id from categories where path = ${categoryPath} or left(path, ${categoryPath.length + 1}) = ${`${categoryPath}/`})`,
    );
  }
  const found = await rows(
    tx,
    sql`select 1 from products p ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``} limit 1`,
  );
  return found.length > 0;
}

/** Russian plural of n: one (1, 21), few (2–4, 22–24), many (0, 5–20, 25…). */
function plural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

/**
 * The owner's Russian report of a run, one fact a line: what was removed, what was kept because
 * orders name it, what was switched off.
 */
export function formatRemoveDemoReport(r: RemoveDemoReport): string {
  const n = (value: number, one: string, few: string, many: string) => `${value} ${plural(value, one, few, many)}`;
  const lines: string[] = [];
  lines.push(r.dryRun ? 'Проверка без изменений (--dry-run): вот что будет сделано.' : 'Демо-каталог убран.');
  const verb = r.dryRun ? 'Будет удалено' : 'Удалено';
  if (r.products === 0) {
    lines.push('Демонстрационных товаров для удаления нет.');
  } else {
    lines.push(`${verb} товаров: ${r.products} (цветов ${r.offers}, размеров ${r.sizes}, фотографий ${r.images}).`);
  }
  if (r.keptOrdered.length) {
    const ids = r.keptOrdered.slice(0, 20).join(', ') + (r.keptOrdered.length > 20 ? ', …' : '');
    const offSale = r.sizesTakenOffSale
      ? `${r.dryRun ? 'будут сняты' : 'сняты'} с продажи (остаток 0 у ${n(r.sizesTakenOffSale, 'размера', 'размеров', 'размеров')})`
      : 'уже сняты с продажи';
    lines.push(
      `Оставлено ${n(r.keptOrdered.length, 'демо-товар', 'демо-товара', 'демо-товаров')} из заказов, ${offSale}: ${ids}. ` +
        'Заказы не изменены: покупатели видят в истории то, что купили.',
    );
  }
  if (r.categories || r.brands || r.tags || r.landingPages)
    lines.push(
      `${verb} пустых категорий: ${r.categories}, брендов: ${r.brands}, подборок: ${r.tags}, лендингов: ${r.landingPages}.`,
    );
  if (r.cartLines || r.favorites)
    lines.push(
      `${r.dryRun ? 'Из корзин будет убрано' : 'Из корзин убрано'} строк: ${r.cartLines}, из избранного: ${r.favorites}.`,
    );
  if (r.giftCardsVoided)
    lines.push(`Демо-сертификатов ${r.dryRun ? 'будет обнулено' : 'обнулено'}: ${r.giftCardsVoided}.`);
  if (r.demoBuyerLocked)
    lines.push(
      `Вход демо-покупателя ${DEMO_USER.email} ${r.dryRun ? 'будет закрыт' : 'закрыт'} (пароль снят, сеансы завершены).`,
    );
  lines.push(
    `Товаров в каталоге ${r.dryRun ? 'останется' : 'осталось'}: ${r.productsLeft}. Заказы не затронуты (${r.ms} мс).`,
  );
  return lines.join('\n');
}
