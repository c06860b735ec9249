/**
 * Publications of the shop (spec §7 Content): news and blog articles, info pages, banners and
 * Instagram posts, in the contract's shapes. Bodies are returned as stored (markdown or HTML); the
 * storefront sanitises them when it renders.
 */
import { and, asc, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { ArticleKind } from '@/lib/api/contract/publications';
import { fillTermsPlaceholders } from '@/lib/delivery-terms';
import { articles, banners, infoPages, instagramPosts } from '../db/schema';
import { ApiHttpError } from '../http';
import { deliveryTerms } from './delivery/terms';
import type { Db } from '../db/client';

type ArticleRow = typeof articles.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

const KIND_NOT_FOUND: Record<ArticleKind, string> = { news: 'Новость не найдена', blog: 'Статья не найдена' };

function preview(row: ArticleRow) {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    cover: row.cover,
    cover_alt: row.coverAlt,
    published_at: row.publishedAt.toISOString(),
  };
}

function bannerJson(row: BannerRow) {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    image: row.image,
    image_alt: row.imageAlt,
    link: row.link,
    link_text: row.linkText,
    section: row.section,
  };
}

/** A page of news or blog previews, newest first, with the total count. */
export async function articlePage(db: Db, kind: ArticleKind, page: { limit: number; offset: number }) {
  const { limit, offset } = page;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(and(eq(articles.kind, kind), articlePublished()))
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(articles)
      .where(and(eq(articles.kind, kind), articlePublished())),
  ]);
  return { count: total?.n ?? 0, limit, offset, results: rows.map(preview) };
}

/**
 * One article with its body.
 * @throws ApiHttpError 404 "Новость не найдена" / "Статья не найдена".
 */
export async function articleBySlug(db: Db, kind: ArticleKind, slug: string) {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.kind, kind), eq(articles.slug, slug), articlePublished()));
  if (!row) throw new ApiHttpError(404, KIND_NOT_FOUND[kind]);
  return { ...preview(row), text: row.body, format: row.format };
}

/**
 * The info page at `path` ("delivery", "help/returns").
 * @throws ApiHttpError 404 "Страница не найдена".
 */
export async function infoPageByPath(db: Db, path: string) {
  const [row] = await db.select().from(infoPages).where(eq(infoPages.path, path));
  if (!row) throw new ApiHttpError(404, 'Страница не найдена');
  // Issue #34: {{delivery_table}}, {{stores}}… are filled from the owner's delivery terms.
  const text = row.body.includes('{{') ? fillTermsPlaceholders(row.body, await deliveryTerms(db)) : row.body;
  return {
    path: row.path,
    title: row.title,
    h1: row.h1,
    description: row.description,
    text,
    format: row.format,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Issue #32: a banner shows while it is switched on and between its dates (the console's
 * `active`, `dateFrom`, `dateTo`); a date passing is picked up by the pages' time bound.
 */
const bannerShown = () =>
  and(
    eq(banners.active, true),
    or(isNull(banners.dateFrom), lte(banners.dateFrom, sql`now()`)),
    or(isNull(banners.dateTo), gt(banners.dateTo, sql`now()`)),
  );

/** Issue #32: an article dated in the future (scheduled in the console) is not published yet. */
const articlePublished = () => lte(articles.publishedAt, sql`now()`);

/** The home page's banners in order. */
export async function homeBanners(db: Db) {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.place, 'home'), bannerShown()))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(bannerJson);
}

/** Listing banners: those of `section` and the general ones (all of them without a section). */
export async function containerBanners(db: Db, section: string | undefined) {
  const place = eq(banners.place, 'container');
  const where = section
    ? and(place, bannerShown(), or(isNull(banners.section), eq(banners.section, section)))
    : and(place, bannerShown());
  const rows = await db.select().from(banners).where(where).orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(bannerJson);
}

/** Instagram posts, newest first. */
export async function instagramFeed(db: Db) {
  const rows = await db.select().from(instagramPosts).orderBy(desc(instagramPosts.publishedAt), asc(instagramPosts.id));
  return rows.map((r) => ({
    id: r.id,
    image: r.image,
    caption: r.caption,
    link: r.link,
    published_at: r.publishedAt.toISOString(),
  }));
}
