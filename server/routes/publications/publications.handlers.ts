/**
 * Handlers of the publications (spec §7 Content), typed from publications.routes.ts: info pages by
 * path, news and blog lists and articles, banners and Instagram posts (services/publications.ts).
 */
import { ContentSlug } from '@/lib/api/contract/publications';
import { parseOr400 } from '../../http';
import * as publications from '../../services/publications';
import type * as r from './publications.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** GET /v1/{content}?offset=&limit= (news, blog): newest first. */
export const listArticles: Handler<typeof r.listArticles> = async (c) =>
  c.json(await publications.articlePage(c.var.db, c.req.valid('param').content, c.req.valid('query')), 200);

/** GET /v1/{content}/{slug}: one article with its body. 404 "Новость не найдена" / "Статья не найдена". */
export const showArticle: Handler<typeof r.showArticle> = async (c) => {
  const { content, slug } = c.req.valid('param');
  return c.json(await publications.articleBySlug(c.var.db, content, slug), 200);
};

/** GET /v1/about/{path}: an info page. 404 "Страница не найдена". */
export const showInfoPage: Handler<typeof r.showInfoPage> = async (c) => {
  const path = parseOr400(ContentSlug, c.req.valid('param').path.replace(/\/+$/, ''), 'Некорректный адрес страницы');
  return c.json(await publications.infoPageByPath(c.var.db, path), 200);
};

/** GET /v1/banner: the home banners in order. */
export const homeBanners: Handler<typeof r.homeBanners> = async (c) =>
  c.json(await publications.homeBanners(c.var.db), 200);

/** GET /v1/containerbanners?section=: listing banners (of the section and the general ones). */
export const containerBanners: Handler<typeof r.containerBanners> = async (c) =>
  c.json(await publications.containerBanners(c.var.db, c.req.valid('query').section), 200);

/** GET /v1/instagramm_posts: posts newest first. */
export const instagramFeed: Handler<typeof r.instagramFeed> = async (c) =>
  c.json(await publications.instagramFeed(c.var.db), 200);
