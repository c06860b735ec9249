/**
 * Issue #28 "Categories the shopper can reach": imported categories (sort 1000, after the seeded
 * ones) were 13th–19th in the menu, behind empty ones. The menu data and a section's subcategory
 * chips list categories with goods (in them or below) first, empty ones last, each by `sort`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Category, PreviewCategory } from '@/lib/api/contract/catalog';
import { rows } from '../../db/client';
import { noteCatalogChanged } from '../../services/catalog-index';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
/** Paths that hold goods (themselves or below), read from the database. */
let withGoods: Set<string>;

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api.handle;
  const [section] = await rows<{ id: number }>(db, sql`select id from categories where path = 'odezhda'`);
  // As an import leaves them: empty groups first by sort, then one with goods, and one whose goods
  // are a level below it.
  const add = async (slug: string, sort: number, parent = section!.id, level = 2, path = `odezhda/${slug}`) => {
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into categories (parent_id, path, slug, section, level, name, sort)
          values (${parent}, ${path}, ${slug}, 'odezhda', ${level}, ${`Импорт ${slug}`}, ${sort}) returning id`,
    );
    return Number(row!.id);
  };
  for (let i = 0; i < 6; i += 1) await add(`pustaya-${i}`, 900 + i);
  const filled = await add('platya-midi', 1000);
  const parent = await add('kostyumy', 1001);
  const child = await add('letnie', 0, parent, 3, 'odezhda/kostyumy/letnie');
  const [a, b] = await rows<{ id: number }>(db, sql`select id from products order by id desc limit 2`);
  await db.execute(sql`update products set category_id = ${filled} where id = ${a!.id}`);
  await db.execute(sql`update products set category_id = ${child} where id = ${b!.id}`);
  noteCatalogChanged(db);
  const holding = await rows<{ path: string }>(
    db,
    sql`select c.path from categories c where exists (
          select 1 from products p join categories d on d.id = p.category_id
          where d.path = c.path or d.path like c.path || '/%')`,
  );
  withGoods = new Set(holding.map((r) => r.path));
});
afterAll(async () => {
  await api?.close();
});

/** Asserts no empty category comes before one with goods, and returns the paths. */
function expectGoodsFirst(paths: string[]): string[] {
  const firstEmpty = paths.findIndex((p) => !withGoods.has(p));
  expect(firstEmpty, 'some category is empty').toBeGreaterThanOrEqual(0);
  expect(paths.slice(firstEmpty).filter((p) => withGoods.has(p))).toEqual([]);
  return paths;
}

describe('menu order of subcategories', () => {
  it('puts imported categories with goods before empty ones in the menu data', async () => {
    const sections = z.array(PreviewCategory).parse((await call(api, 'GET', '/api/v1/preview_category/')).json);
    const paths = expectGoodsFirst(sections.find((s) => s.path === 'odezhda')!.subcategories.map((s) => s.path));
    const filled = paths.indexOf('odezhda/platya-midi');
    const nested = paths.indexOf('odezhda/kostyumy');
    expect(filled).toBeGreaterThanOrEqual(0);
    // Goods a level below count: «Костюмы» has none of its own.
    expect(nested).toBe(filled + 1);
    expect(paths.indexOf('odezhda/pustaya-0')).toBeGreaterThan(nested);
    // Every subcategory is still listed: empty ones last, by sort.
    expect(paths.filter((p) => p.startsWith('odezhda/pustaya-'))).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `odezhda/pustaya-${i}`),
    );
  });

  it('orders a section page’s subcategory chips the same way', async () => {
    const category = Category.parse((await call(api, 'GET', '/api/v1/category/odezhda')).json);
    const sections = z.array(PreviewCategory).parse((await call(api, 'GET', '/api/v1/preview_category/')).json);
    const chips = expectGoodsFirst(category.children.map((c) => c.path));
    expect(chips).toEqual(sections.find((s) => s.path === 'odezhda')!.subcategories.map((s) => s.path));
  });
});
