import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../db/client';
import { categories, offerFeatures, offers, organization, productImages, products, seoRecords } from '../db/schema';
import { seedDatabase, type SeedSummary } from './index';
import type { PgTable } from 'drizzle-orm/pg-core';

describe('seedDatabase', () => {
  let handle: DbHandle;
  let first: SeedSummary;

  beforeAll(async () => {
    handle = await openDb('memory://');
    first = await seedDatabase(handle.db, { products: 200 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  const rows = async (table: PgTable) => {
    const [r] = await handle.db.select({ n: count() }).from(table);
    return r?.n ?? 0;
  };

  it('inserts the catalogue and reports the counts', async () => {
    expect(first.skipped).toBe(false);
    expect(first.products).toBe(200);
    expect(await rows(products)).toBe(200);
    expect(await rows(categories)).toBe(first.categories);
    expect(await rows(offers)).toBe(first.offers);
    expect(await rows(offerFeatures)).toBe(first.features);
    expect(await rows(productImages)).toBe(first.images);
    expect(await rows(organization)).toBe(1);
    expect(await rows(seoRecords)).toBeGreaterThanOrEqual(12);
    expect(first.brands).toBeGreaterThanOrEqual(25);
    expect(first.colors).toBe(16);
    expect(first.offers).toBeGreaterThan(200);
  });

  it('moves the serial sequences past the seeded ids', async () => {
    const [row] = await handle.db
      .insert(seoRecords)
      .values({ url: '/seed-test', title: 't', description: 'd', h1Tag: 'h' })
      .returning({ id: seoRecords.id });
    expect(row?.id).toBeGreaterThan(first.categories > 0 ? 12 : 0);
  });

  it('skips when the catalogue is already there', async () => {
    const again = await seedDatabase(handle.db, { products: 200 });
    expect(again.skipped).toBe(true);
    expect(again.products).toBe(0);
    expect(await rows(products)).toBe(200);
  });
});
