/**
 * The console's catalogue view (issue #32): a manager finds a product with its sizes and stock,
 * hides it, and it leaves the listing and search; shown again, it comes back. An editor may look
 * but not hide. Runs the catalogue index's change path (the products trigger and a patch).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, products } from '../../../db/schema';
import { noteProductsChanged } from '../../../services/catalog-index';
import { call, createTestApi, type TestApi } from '../../../test-utils';
import { adminCall, staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let manager: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  api = await createTestApi(30);
  manager = await staffSession(api, 'manager');
  editor = await staffSession(api, 'editor');
});
afterAll(async () => {
  await api?.close();
});

/** Ids on the first listing page of the product's top section, the way the storefront asks. */
async function listedIds(section: string): Promise<number[]> {
  const res = await call(api, 'GET', `/api/v1/offers/${section}/?limit=100`);
  expect(res.status).toBe(200);
  return res.json.results.map((r: { id: number }) => r.id);
}

describe('products', () => {
  it('a manager finds a product with sizes and stock, hides it from listings and its page, and shows it again', async () => {
    const [row] = await api.handle.db
      .select({ id: products.id, name: products.name, path: categories.path })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .limit(1);
    const section = row!.path.split('/')[0]!;
    const before = await listedIds(section);
    expect(before).toContain(row!.id);

    const found = await adminCall(
      api,
      manager,
      'GET',
      `/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: String(row!.id) }))}`,
    );
    expect(found.status).toBe(200);
    const record = found.json.find((p: { id: number }) => p.id === row!.id);
    expect(record).toMatchObject({ name: row!.name, hidden: false });
    expect(record.sizes.length).toBeGreaterThan(0);
    expect(record.sizes[0]).toMatchObject({
      name: expect.any(String),
      sku: expect.any(String),
      stock: expect.any(Number),
    });

    expect((await adminCall(api, editor, 'PUT', `/api/admin/products/${row!.id}`, { hidden: true })).status).toBe(403);
    const hidden = await adminCall(api, manager, 'PUT', `/api/admin/products/${row!.id}`, { ...record, hidden: true });
    expect(hidden.status).toBe(200);
    expect(hidden.json.hidden).toBe(true);
    // What the change-events dispatcher does on the products trigger's row.
    noteProductsChanged(api.handle.db, [row!.id]);
    expect(await listedIds(section)).not.toContain(row!.id);
    expect((await call(api, 'GET', `/api/v1/product_offer/?pk=${row!.id}`)).status).toBe(404);

    const shown = await adminCall(api, manager, 'PUT', `/api/admin/products/${row!.id}`, { hidden: false });
    expect(shown.json.hidden).toBe(false);
    noteProductsChanged(api.handle.db, [row!.id]);
    expect(await listedIds(section)).toContain(row!.id);
    expect((await call(api, 'GET', `/api/v1/product_offer/?pk=${row!.id}`)).status).toBe(200);

    const audit = await api.handle.db.select().from(auditLog).where(eq(auditLog.entity, 'products'));
    expect(audit.map((a) => a.action)).toEqual(['hide', 'show']);
  });
});
