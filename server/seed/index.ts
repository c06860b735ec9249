/**
 * Seeds the demo catalogue into the shop database (DESIGN.md: `npm start` seeds the embedded
 * database on first start; `npm run seed` runs server/seed/cli.ts). Rows come from the pure
 * generator in generate.ts; this file only inserts them.
 */
import { count, sql } from 'drizzle-orm';
import {
  brands,
  categories,
  colors,
  offerFeatures,
  offers,
  organization,
  productImages,
  products,
  seoRecords,
  tags,
  landingPages,
} from '../db/schema';
import { serverEnv } from '../env';
import { noteCatalogChanged } from '../services/catalog-index';
import { isDemoMode } from '../services/demo-mode';
import { seedAccounts } from './accounts';
import { seedCheckout } from './checkout';
import { ensureRequiredPages, seedContent } from './content';
import { emptyStartReferenceData } from './empty-start';
import { buildReferenceData, generateProductChunks } from './generate';
import { LANDING_PAGES } from './landing';
import { ensureShopRecords, seedShop } from './shop';
import type { Db } from '../db/client';
import type { PgTable } from 'drizzle-orm/pg-core';

export { buildReferenceData, generateCatalogue, generateProductChunks } from './generate';

/** What a seed run inserted (row counts) and how long it took (ms). */
export interface SeedSummary {
  skipped: boolean;
  categories: number;
  tags: number;
  brands: number;
  colors: number;
  products: number;
  offers: number;
  features: number;
  images: number;
  ms: number;
}

export interface SeedOptions {
  /**
   * Number of demo products (ids 1..N). Default 3000. 0 is the empty start of issue #28: the 7
   * sections with their generic tags, colours, content and settings, no demo goods, brands,
   * subcategories or landing pages (server/seed/empty-start.ts).
   */
  products?: number;
  /** PRNG seed; the same seed gives the same catalogue. Default 42. */
  seed?: number;
  /**
   * Seed the demo buyer and demo certificates (issue #12). Default: the environment's demo mode
   * (server/services/demo-mode.ts: on while SITE_URL is a loopback address).
   */
  demo?: boolean;
}

/** Rows per INSERT statement (keeps bind parameters far below PostgreSQL's 65 535). */
const BATCH = 500;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertBatched<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(table).values(rows.slice(i, i + BATCH));
  }
}

/** Tables whose serial ids the seed sets explicitly; their sequences are moved past the max. */
const SERIAL_TABLES = [
  'categories',
  'tags',
  'brands',
  'colors',
  'offers',
  'offer_features',
  'product_images',
  'seo_records',
  'landing_pages',
];

/**
 * Fills an empty catalogue with the deterministic demo data: 7 sections of categories with tags,
 * 27 brands, 16 colours, `products` products (default 3000) with 1–4 colour offers each, their
 * sizes and 3–4 images per colour, the organization row, SEO records and the content of
 * server/seed/content.ts (info pages, news, blog, banners, Instagram posts) (spec §2, §3, §7).
 * With `products: 0` (issue #28 "Start empty") only the shop's structure: the 7 sections and
 * their generic tags, colours, organization, SEO records, content, regions and cities, promo
 * codes and certificate nominals (see server/seed/empty-start.ts).
 * Everything runs in one transaction, inserted in batches of 500 rows, so a failure leaves the
 * database untouched.
 * @returns counts of inserted rows and the duration in ms; `skipped: true` (all counts 0) when
 *   `categories` already has rows — so an empty start (whose sections are rows) is never seeded
 *   again with demo goods, also after the owner imported their own catalogue.
 * @throws whatever the database throws (the transaction is rolled back).
 */
export async function seedDatabase(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const summary: SeedSummary = {
    skipped: false,
    categories: 0,
    tags: 0,
    brands: 0,
    colors: 0,
    products: 0,
    offers: 0,
    features: 0,
    images: 0,
    ms: 0,
  };
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) > 0) {
      summary.skipped = true;
      return;
    }
    const productCount = opts.products ?? 3000;
    const full = buildReferenceData();
    const ref = productCount > 0 ? full : emptyStartReferenceData(full);
    await insertBatched(tx, categories, ref.categories);
    await insertBatched(tx, tags, ref.tags);
    await insertBatched(tx, brands, ref.brands);
    await insertBatched(tx, colors, ref.colors);
    await tx.insert(organization).values(ref.organization);
    await insertBatched(tx, seoRecords, ref.seoRecords);
    await seedContent(tx);
    // The stores and delivery settings every promise reads (issue #34).
    await seedShop(tx);
    // Landing pages are editorial collections of the demo goods (a demo brand, demo sections).
    if (productCount > 0) await insertBatched(tx, landingPages, LANDING_PAGES);
    summary.categories = ref.categories.length;
    summary.tags = ref.tags.length;
    summary.brands = ref.brands.length;
    summary.colors = ref.colors.length;

    // No chunks for an empty start: its sections alone would fail the generator's leaf check.
    const chunks =
      productCount > 0
        ? generateProductChunks({ products: productCount, seed: opts.seed ?? 42, chunkSize: 2000 }, ref)
        : [];
    for (const chunk of chunks) {
      await insertBatched(tx, products, chunk.products);
      await insertBatched(tx, offers, chunk.offers);
      await insertBatched(tx, offerFeatures, chunk.features);
      await insertBatched(tx, productImages, chunk.images);
      summary.products += chunk.products.length;
      summary.offers += chunk.offers.length;
      summary.features += chunk.features.length;
      summary.images += chunk.images.length;
    }

    // Regions, cities, the demo buyer and their orders (accounts area, issue #4).
    const demo = opts.demo ?? isDemoMode(serverEnv);
    await seedAccounts(tx, demo);
    // Promo codes, gift certificate nominals and demo certificates (checkout, issue #5).
    await seedCheckout(tx, demo);

    // The triggers logged every seeded row as a change (issue #13); a new catalogue needs none.
    await tx.execute(sql`delete from catalog_changes`);

    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${table}"), 1), (SELECT COUNT(*) > 0 FROM "${table}"))`,
        ),
      );
    }
  });
  // Issue #29: pages added after this database was seeded (the consent page) appear now.
  if (summary.skipped) await ensureRequiredPages(db);
  // Issue #34: stores and delivery settings for a database seeded before they existed.
  if (summary.skipped) await ensureShopRecords(db);
  // A new catalogue: listings and facets rebuild their in-process index (issue #7).
  if (!summary.skipped) noteCatalogChanged(db);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
