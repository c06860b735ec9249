/**
 * Handlers of the publications (spec §7 Content): info pages by path, news and blog lists and
 * articles, banners and Instagram posts. Bodies are returned as stored (markdown or HTML); the
 * storefront sanitises them when it renders.
 */
import { and, asc, count, desc, eq, isNull, or } from 'drizzle-orm';
import { type ArticleKind, ContentSlug } from '@/lib/api/contract/publications';
import { articles, banners, infoPages, instagramPosts } from '../../db/schema';
import { ApiHttpError, parseOr400 } from '../../http';
import type * as r from './publications.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
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

/** GET /v1/{content}?offset=&limit= (news, blog): newest first. */
export const listArticles: Handler<typeof r.listArticles> = async (c) => {
  const { content: kind } = c.req.valid('param');
  const { limit, offset } = c.req.valid('query');
  const db = c.var.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(eq(articles.kind, kind))
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(articles).where(eq(articles.kind, kind)),
  ]);
  return c.json({ count: total?.n ?? 0, limit, offset, results: rows.map(preview) }, 200);
};

/** GET /v1/{content}/{slug}: one article with its body. 404 "Новость не найдена" / "Статья не найдена". */
export const showArticle: Handler<typeof r.showArticle> = async (c) => {
  const { content: kind, slug } = c.req.valid('param');
  const [row] = await c.var.db
    .select()
    .from(articles)
    .where(and(eq(articles.kind, kind), eq(articles.slug, slug)));
  if (!row) throw new ApiHttpError(404, KIND_NOT_FOUND[kind]);
  return c.json({ ...preview(row), text: row.body, format: row.format }, 200);
};

/** GET /v1/about/{path}: an info page. 404 "Страница не найдена". */
export const showInfoPage: Handler<typeof r.showInfoPage> = async (c) => {
  const path = parseOr400(ContentSlug, c.req.valid('param').path.replace(/\/+$/, ''), 'Некорректный адрес страницы');
  const [row] = await c.var.db.select().from(infoPages).where(eq(infoPages.path, path));
  if (!row) throw new ApiHttpError(404, 'Страница не найдена');
  return c.json(
    {
      path: row.path,
      title: row.title,
      h1: row.h1,
      description: row.description,
      text: row.body,
      format: row.format,
      updated_at: row.updatedAt.toISOString(),
    },
    200,
  );
};

/** GET /v1/banner: the home banners in order. */
export const homeBanners: Handler<typeof r.homeBanners> = async (c) => {
  const rows = await c.var.db
    .select()
    .from(banners)
    .where(eq(banners.place, 'home'))
    .orderBy(asc(banners.sort), asc(banners.id));
  return c.json(rows.map(bannerJson), 200);
};

/** GET /v1/containerbanners?section=: listing banners (of the section and the general ones). */
export const containerBanners: Handler<typeof r.containerBanners> = async (c) => {
  const { section } = c.req.valid('query');
  const place = eq(banners.place, 'container');
  const where = section ? and(place, or(isNull(banners.section), eq(banners.section, section))) : place;
  const rows = await c.var.db.select().from(banners).where(where).orderBy(asc(banners.sort), asc(banners.id));
  return c.json(rows.map(bannerJson), 200);
};

/** GET /v1/instagramm_posts: posts newest first. */
export const instagramFeed: Handler<typeof r.instagramFeed> = async (c) => {
  const rows = await c.var.db
    .select()
    .from(instagramPosts)
    .orderBy(desc(instagramPosts.publishedAt), asc(instagramPosts.id));
  return c.json(
    rows.map((r) => ({
      id: r.id,
      image: r.image,
      caption: r.caption,
      link: r.link,
      published_at: r.publishedAt.toISOString(),
    })),
    200,
  );
};
