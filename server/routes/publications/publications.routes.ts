/** Publication endpoints (spec §7 Content: about, news, blog, {content}, banners, Instagram), documented in OpenAPI. */
import { z } from 'zod';
import {
  Article,
  ArticlesPage,
  ArticlesQuery,
  Banner,
  ContainerBannersQuery,
  InfoPage,
  InstagramPost,
} from '@/lib/api/contract/publications';
import { jsonResponses } from '../docs';
import * as h from './publications.handlers';
import type { ApiApp } from '../../types';

/**
 * Registers the publication routes. `/v1/{content}` exists for `news` and `blog` only (one
 * explicit route each), so it never shadows other `/v1/...` endpoints.
 */
export function registerPublicationRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  const tags = ['Контент'];
  const content = z.object({ content: z.enum(['news', 'blog']) });
  r.registerPath({
    method: 'get',
    path: '/api/v1/{content}',
    tags,
    request: { params: content, query: ArticlesQuery },
    responses: jsonResponses(
      ArticlesPage,
      'Новости или статьи блога, новые первыми («Показать ещё» — следующий offset)',
    ),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/{content}/{slug}',
    tags,
    request: { params: content.extend({ slug: z.string() }) },
    responses: jsonResponses(Article, 'Новость или статья с текстом (markdown или HTML)'),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/about/{path}',
    tags,
    request: { params: z.object({ path: z.string() }) },
    responses: jsonResponses(InfoPage, 'Информационная страница'),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/banner',
    tags,
    responses: jsonResponses(z.array(Banner), 'Баннеры главной страницы', []),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/containerbanners',
    tags,
    request: { query: ContainerBannersQuery },
    responses: jsonResponses(z.array(Banner), 'Баннеры списков товаров', [400]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/instagramm_posts',
    tags,
    responses: jsonResponses(z.array(InstagramPost), 'Посты Instagram', []),
  });

  app.get('/api/v1/about/:path{.+}', h.showInfoPage);
  app.get('/api/v1/banner', h.homeBanners);
  app.get('/api/v1/containerbanners', h.containerBanners);
  app.get('/api/v1/instagramm_posts', h.instagramFeed);
  for (const kind of ['news', 'blog'] as const) {
    app.get(`/api/v1/${kind}`, (c) => h.listArticles(c, kind));
    app.get(`/api/v1/${kind}/:slug`, (c) => h.showArticle(c, kind));
  }
}
