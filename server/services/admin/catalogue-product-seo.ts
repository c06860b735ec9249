/**
 * A product's SEO text in the console (issue #32 "Catalogue view: fix its SEO text"). Products come
 * from 1C or a YML feed and have no SEO fields, and an import must never overwrite what the operator
 * wrote, so the text is kept where the storefront already reads it: the SEO record (`seo_records`,
 * `GET /v1/get_seo/`) of the product's canonical URL, which the product page's title, description
 * and H1 honour (features/seo/utils/page-metadata.ts). One transaction writes the record, its audit
 * entry (entity `seo`, as the SEO records screen writes) and the `seo` change event.
 */
import { eq } from 'drizzle-orm';
import type { AdminProductSeo, AdminProductSeoInput } from '@/lib/api/contract/admin/catalogue';
import type { AdminSeo } from '@/lib/api/contract/admin/content';
import { categories, products, seoRecords } from '../../db/schema';
import { ApiHttpError } from '../../http';
import { productPath } from '../catalog';
import { CONTENT_TAGS, noteContentChanged } from './content-events';
import { seoResource } from './content-resources';
import type { Audit } from './content-crud';
import type { Db, Tx } from '../../db/client';

/**
 * The canonical path of product `id` (`/{category path}/{id}/{slug}`, the page's `full_path_offer`).
 * @throws ApiHttpError 404 «Товар не найден».
 */
async function productUrl(db: Db | Tx, id: number): Promise<string> {
  const [row] = await db
    .select({ slug: products.slug, path: categories.path })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw new ApiHttpError(404, 'Товар не найден');
  return productPath(row.path, id, row.slug);
}

function seoOf(url: string, record: AdminSeo | null): AdminProductSeo {
  return {
    url,
    seoId: record?.id ?? null,
    title: record?.title ?? '',
    description: record?.description ?? '',
    keywords: record?.keywords ?? '',
    h1: record?.h1 ?? '',
  };
}

async function recordAt(db: Db | Tx, url: string, lock = false): Promise<AdminSeo | null> {
  const query = db.select().from(seoRecords).where(eq(seoRecords.url, url)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ? seoResource.toRecord(row) : null;
}

/**
 * The SEO text of product `id`: its page's SEO record, or empty strings when there is none.
 * @throws ApiHttpError 404 for an unknown product.
 */
export async function getProductSeo(db: Db, id: number): Promise<AdminProductSeo> {
  const url = await productUrl(db, id);
  return seoOf(url, await recordAt(db, url));
}

/**
 * Creates, replaces or (every field empty) deletes the SEO record of product `id`'s page, with its
 * audit entry (`create` / `update` / `delete`, entity `seo`) and the storefront's `seo` change
 * event; an unchanged text writes nothing.
 * @throws ApiHttpError 404 for an unknown product.
 */
export async function putProductSeo(
  db: Db,
  audit: Audit,
  id: number,
  input: AdminProductSeoInput,
): Promise<AdminProductSeo> {
  return db.transaction(async (tx) => {
    const url = await productUrl(tx, id);
    const before = await recordAt(tx, url, true);
    const empty = !input.title && !input.description && !input.keywords && !input.h1;
    const same =
      before !== null &&
      before.title === input.title &&
      before.description === input.description &&
      before.keywords === input.keywords &&
      before.h1 === input.h1;
    if ((empty && !before) || same) return seoOf(url, before);

    let after: AdminSeo | null = null;
    if (empty) {
      await tx.delete(seoRecords).where(eq(seoRecords.id, before!.id));
    } else {
      const values = seoResource.toValues({ url, ...input });
      // A concurrent first save of the same page updates the row the other one inserted.
      const [row] = await tx
        .insert(seoRecords)
        .values(values as typeof seoRecords.$inferInsert)
        .onConflictDoUpdate({ target: seoRecords.url, set: values })
        .returning();
      after = seoResource.toRecord(row!);
    }
    await audit(tx, {
      action: empty ? 'delete' : before ? 'update' : 'create',
      entity: 'seo',
      entityId: String((after ?? before)!.id),
      before,
      after,
    });
    await noteContentChanged(tx, [...CONTENT_TAGS.seo]);
    return seoOf(url, after);
  });
}
