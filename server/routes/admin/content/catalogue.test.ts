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

describe("a product's SEO text", () => {
  it('an editor writes it as the SEO record of the product URL; a manager may not; empty removes it', async () => {
    const [row] = await api.handle.db.select({ id: products.id }).from(products).limit(1);
    const id = row!.id;
    const page = await call(api, 'GET', `/api/v1/product_offer/?pk=${id}`);
    const url: string = page.json.full_path_offer;

    // The console's product record names the page it describes.
    const product = await adminCall(api, editor, 'GET', `/api/admin/products/${id}`);
    expect(product.json.url).toBe(url);
    const empty = await adminCall(api, editor, 'GET', `/api/admin/products/${id}/seo`);
    expect(empty.json).toEqual({ url, seoId: null, title: '', description: '', keywords: '', h1: '' });
    expect((await call(api, 'GET', `/api/v1/get_seo/?url=${encodeURIComponent(url)}`)).status).toBe(404);

    const text = {
      title: 'Купальник для открытой воды',
      description: 'Описание от редактора',
      h1: 'Купальник «Волна»',
    };
    expect((await adminCall(api, manager, 'PUT', `/api/admin/products/${id}/seo`, text)).status).toBe(403);
    const saved = await adminCall(api, editor, 'PUT', `/api/admin/products/${id}/seo`, text);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ url, ...text, keywords: '', seoId: expect.any(Number) });
    const seo = await call(api, 'GET', `/api/v1/get_seo/?url=${encodeURIComponent(url)}`);
    expect(seo.json).toMatchObject({ url, title: text.title, description: text.description, h1_tag: text.h1 });

    // An import writes products only: the operator's text stays.
    await api.handle.db.update(products).set({ name: 'Имя из 1С' }).where(eq(products.id, id));
    expect((await adminCall(api, manager, 'GET', `/api/admin/products/${id}/seo`)).json.title).toBe(text.title);

    const changed = await adminCall(api, editor, 'PUT', `/api/admin/products/${id}/seo`, { ...text, h1: '' });
    expect(changed.json).toMatchObject({ h1: '', seoId: saved.json.seoId });
    const bad = await adminCall(api, editor, 'PUT', `/api/admin/products/${id}/seo`, { title: 'x'.repeat(301) });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/title/);
    expect((await adminCall(api, editor, 'PUT', `/api/admin/products/999999999/seo`, text)).status).toBe(404);

    const removed = await adminCall(api, editor, 'PUT', `/api/admin/products/${id}/seo`, {});
    expect(removed.json).toMatchObject({ seoId: null, title: '' });
    expect((await call(api, 'GET', `/api/v1/get_seo/?url=${encodeURIComponent(url)}`)).status).toBe(404);

    const audit = await api.handle.db.select().from(auditLog).where(eq(auditLog.entity, 'seo'));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });
});
