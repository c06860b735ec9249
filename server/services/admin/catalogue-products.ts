/**
 * The console's catalogue view of products (issue #32): find a product (name, article, 1C id or
 * number), see its sizes, stock and price, and hide or show it. 1C or the feed stays the master of
 * everything else. Hiding writes `products.hidden` in one transaction with its audit entry; the
 * products trigger (migration 0010) makes it a catalogue change event, and the catalogue index
 * leaves hidden products out (server/services/catalog-index/build.ts, patch.ts), so the product
 * leaves listings, facets and search within the freshness bound (docs/caching.md).
 */
import { eq, inArray } from 'drizzle-orm';
import type { AdminProduct, AdminProductUpdate } from '@/lib/api/contract/admin/catalogue';
import { brands, categories, colors, offerFeatures, offers, products } from '../../db/schema';
import { ApiHttpError } from '../../http';
import { productPath } from '../catalog';
import type { Audit, CrudResource } from './content-crud';
import type { Db, Tx } from '../../db/client';

export const productResource: CrudResource<typeof products.$inferSelect, AdminProduct, never> = {
  entity: 'products',
  table: products,
  idColumn: products.id,
  toRecord: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    article: r.article,
    extId: r.extId,
    brand: '',
    category: '',
    categoryPath: '',
    url: '',
    price: r.price,
    oldPrice: r.oldPrice,
    hidden: r.hidden,
    stock: 0,
    sizes: [],
    // Kept for enrich: the brand and category are names of other tables.
    ...({ _brandId: r.brandId, _categoryId: r.categoryId } as object),
  }),
  toValues: () => ({}),
  enrich: async (db, records) => {
    if (records.length === 0) return records;
    const d = db as Db;
    const ids = records.map((r) => r.id);
    const [names, sizes] = await Promise.all([
      d
        .select({ id: products.id, brand: brands.name, category: categories.name, path: categories.path })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(inArray(products.id, ids)),
      d
        .select({
          productId: offers.productId,
          color: colors.name,
          name: offerFeatures.name,
          sku: offerFeatures.extId,
          stock: offerFeatures.stock,
        })
        .from(offerFeatures)
        .innerJoin(offers, eq(offers.id, offerFeatures.offerId))
        .innerJoin(colors, eq(colors.id, offers.colorId))
        .where(inArray(offers.productId, ids))
        .orderBy(offers.sort, offers.id, offerFeatures.sort, offerFeatures.id),
    ]);
    const nameOf = new Map(names.map((n) => [n.id, n]));
    return records.map((r) => {
      const {
        _brandId: _b,
        _categoryId: _c,
        ...rest
      } = r as AdminProduct & { _brandId?: number; _categoryId?: number };
      const own = sizes.filter((s) => s.productId === r.id);
      return {
        ...rest,
        brand: nameOf.get(r.id)?.brand ?? '',
        category: nameOf.get(r.id)?.category ?? '',
        categoryPath: nameOf.get(r.id)?.path ?? '',
        url: productPath(nameOf.get(r.id)?.path ?? '', r.id, r.slug),
        sizes: own.map(({ color, name, sku, stock }) => ({ color, name, sku, stock })),
        stock: own.reduce((sum, s) => sum + s.stock, 0),
      };
    });
  },
  sortable: {
    id: products.id,
    name: products.name,
    price: products.price,
    hidden: products.hidden,
    createdAt: products.createdAt,
  },
  search: [products.name, products.article, products.extId],
  filters: {
    hidden: (v) => eq(products.hidden, v === true || v === 'true'),
    // A number typed into the search box also finds the product by its number (the pk of its URL).
    q: (v) => {
      const n = Number(String(v).trim());
      return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? eq(products.id, n) : undefined;
    },
  },
  tags: () => [],
  notFound: 'Товар не найден',
  conflict: 'Такой товар уже есть',
};

async function recordOf(db: Db | Tx, id: number): Promise<AdminProduct> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw new ApiHttpError(404, productResource.notFound);
  return (await productResource.enrich!(db, [productResource.toRecord(row)]))[0]!;
}

/**
 * Hides or shows a product (audit "hide" / "show"; unchanged: no write). The update of `products`
 * is itself the change event (the table's trigger).
 * @throws ApiHttpError 404 for an unknown product.
 */
export async function setProductHidden(
  db: Db,
  audit: Audit,
  id: number,
  input: AdminProductUpdate,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ hidden: products.hidden }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw new ApiHttpError(404, productResource.notFound);
    const before = await recordOf(tx, id);
    if (row.hidden === input.hidden) return before;
    await tx.update(products).set({ hidden: input.hidden }).where(eq(products.id, id));
    const after = await recordOf(tx, id);
    await audit(tx, {
      action: input.hidden ? 'hide' : 'show',
      entity: 'products',
      entityId: String(id),
      before: { hidden: before.hidden },
      after: { hidden: after.hidden },
    });
    return after;
  });
}
