/** Publication endpoints (spec §7 Content: about, news, blog, {content}, banners, Instagram), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import {
  Article,
  ArticlesPage,
  ArticlesQuery,
  Banner,
  ContainerBannersQuery,
  ContentSlug,
  InfoPage,
  InstagramPost,
} from '@/lib/api/contract/publications';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './publications.handlers';
import type { ApiApp } from '../../types';

const content = routeGroup({ tags: ['Контент'] });
const kind = z.object({ content: z.enum(['news', 'blog']) });

export const listArticles = content.get(
  '/api/v1/{content}',
  { params: kind, query: ArticlesQuery },
  jsonResponses(ArticlesPage, 'Новости или статьи блога, новые первыми («Показать ещё» — следующий offset)'),
);
export const showArticle = content.get(
  '/api/v1/{content}/{slug}',
  { params: kind.extend({ slug: ContentSlug }) },
  jsonResponses(Article, 'Новость или статья с текстом (markdown или HTML)'),
);
export const showInfoPage = content.get(
  '/api/v1/about/{path}',
  { params: z.object({ path: z.string() }) },
  jsonResponses(InfoPage, 'Информационная страница'),
);
export const homeBanners = content.get(
  '/api/v1/banner',
  {},
  jsonResponses(z.array(Banner), 'Баннеры главной страницы', []),
);
export const containerBanners = content.get(
  '/api/v1/containerbanners',
  { query: ContainerBannersQuery },
  jsonResponses(z.array(Banner), 'Баннеры списков товаров', [400]),
);
export const instagramFeed = content.get(
  '/api/v1/instagramm_posts',
  {},
  jsonResponses(z.array(InstagramPost), 'Посты Instagram', []),
);

/**
 * Registers the publication routes. `/v1/{content}` is routed for `news` and `blog` only, so it
 * never shadows other `/v1/...` endpoints; an info page path may span segments.
 */
export function registerPublicationRoutes(app: ApiApp) {
  openapiRoute(app, showInfoPage, h.showInfoPage, { routing: '/api/v1/about/:path{.+}' });
  openapiRoute(app, homeBanners, h.homeBanners);
  openapiRoute(app, containerBanners, h.containerBanners);
  openapiRoute(app, instagramFeed, h.instagramFeed);
  // The group matters: Hono's trie router anchors the pattern as ^…$, and ^news|blog$ matches "newsletter".
  const kind = ':content{(?:news|blog)}';
  openapiRoute(app, listArticles, h.listArticles, { routing: `/api/v1/${kind}` });
  openapiRoute(app, showArticle, h.showArticle, {
    routing: `/api/v1/${kind}/:slug`,
    what: 'Некорректный адрес статьи',
  });
}
