/**
 * Landing pages (spec §7 `GET /v1/landing_page/{slug}` and `/v1/landing_page/{slug}/?limit=24&offset=0`)
 * and the sitemap feed (all category, tag, brand, landing and product URLs for sitemap.xml).
 */
import { sql } from 'drizzle-orm';
import type { OfferFilters, Sort } from '@/lib/api/contract/catalog';
import type { LandingPage, SitemapIndexData, SitemapProducts } from '@/lib/api/contract/facets';
import { rows, type Db } from '../db/client';
import { ApiHttpError } from '../http';
import { listOffers, productPath } from './catalog';

/**
 * A landing page with one page of its products (24 by default, spec §9).
 * @throws ApiHttpError 404 for an unknown slug.
 */
export async function getLandingPage(
  db: Db,
  slug: string,
  page: { limit: number; offset: number; sort?: Sort },
): Promise<LandingPage> {
  const [landing] = await rows<{
    slug: string;
    title: string;
    h1: string;
    description: string;
    text: string;
    category_path: string | null;
    filter: OfferFilters;
  }>(db, sql`select slug, title, h1, description, text, category_path, filter from landing_pages where slug = ${slug}`);
  if (!landing) throw new ApiHttpError(404, 'Страница не найдена');
  const offers = await listOffers(db, {
    categoryPath: landing.category_path ?? undefined,
    filters: landing.filter,
    sort: page.sort,
    limit: page.limit,
    offset: page.offset,
  });
  return {
    slug: landing.slug,
    title: landing.title,
    h1: landing.h1,
    description: landing.description,
    text: landing.text,
    ...offers,
    limit: page.limit,
    offset: page.offset,
  };
}

/** Every non-product URL source of the sitemap and the number of products. */
export async function sitemapData(db: Db): Promise<SitemapIndexData> {
  const [categories, tags, brands, landings, count] = await Promise.all([
    rows<{ id: number; path: string }>(db, sql`select id, path from categories order by level, sort, id`),
    rows<{ category_id: number; slug: string }>(db, sql`select category_id, slug from tags order by sort, id`),
    rows<{ slug: string }>(db, sql`select slug from brands order by sort, name`),
    rows<{ slug: string; title: string }>(db, sql`select slug, title from landing_pages order by sort, id`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from products`),
  ]);
  return {
    categories: categories.map((c) => ({
      path: c.path,
      tags: tags.filter((t) => t.category_id === c.id).map((t) => t.slug),
    })),
    brands: brands.map((b) => b.slug),
    landings: landings.map((l) => l.slug),
    landing_pages: landings.map((l) => ({ slug: l.slug, title: l.title })),
    products_count: Number(count[0]?.n ?? 0),
  };
}

/** A slice of canonical product paths ordered by id, with the creation date as `updated` (ISO). */
export async function sitemapProducts(db: Db, limit: number, offset: number): Promise<SitemapProducts> {
  const [found, count] = await Promise.all([
    rows<{ id: number; slug: string; path: string; created_at: string | Date }>(
      db,
      sql`select p.id, p.slug, c.path, p.created_at from products p join categories c on c.id = p.category_id
          order by p.id limit ${limit} offset ${offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from products`),
  ]);
  return {
    count: Number(count[0]?.n ?? 0),
    results: found.map((p) => ({
      path: productPath(p.path, p.id, p.slug),
      updated: new Date(p.created_at).toISOString(),
    })),
  };
}
