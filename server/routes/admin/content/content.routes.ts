/**
 * The console's content, promotions and catalogue view (issue #32; the console API contract,
 * "Resources of A2"; docs/operator-console.md «Содержимое, акции, каталог»):
 * - editor: `banners`, `articles` (+ `POST /articles/preview`), `pages`, `seo`, `landings`,
 *   `settings` (one record `shop`), `POST /media` (picture upload);
 * - manager: `promo-codes`, `gift-cards`, `imports`; `products` (manager hides, editor fixes SEO).
 * Owners may do everything. Every change is audited and is a change event (content-events.ts).
 */
import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  AdminArticle,
  AdminArticleInput,
  AdminBanner,
  AdminBannerInput,
  AdminLanding,
  AdminLandingInput,
  AdminPage,
  AdminPageInput,
  AdminSeo,
  AdminSeoInput,
  AdminSettings,
  AdminSettingsInput,
  ArticlePreviewHtml,
  ArticlePreviewInput,
  MediaUpload,
} from '@/lib/api/contract/admin/content';
import { ApiError } from '@/lib/api/contract/common';
import { readServerEnv } from '../../../env';
import { ApiHttpError, errorResponse, parseOr400, readJson } from '../../../http';
import { storeUploadedImage, MEDIA_MAX_BYTES } from '../../../services/admin/content-media';
import {
  articleResource,
  bannerResource,
  getSettings,
  landingResource,
  pageResource,
  previewMarkdown,
  seoResource,
  updateSettings,
} from '../../../services/admin/content-resources';
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { ADMIN_TAG } from '../core/auth';
import { setContentRange } from '../list-query';
import { registerAdminCatalogueRoutes, registerAdminImportRoutes } from './catalogue.routes';
import { adminGroup, auditOf, guard, registerCrud } from './crud-routes';
import { registerAdminProductSeoRoutes } from './product-seo.routes';
import { registerAdminPromotionRoutes } from './promotions.routes';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

/** Path of the picture upload; the app's 64 KB body limit leaves it to its own (server/app.ts). */
export const ADMIN_MEDIA_PATH = '/api/admin/media';

/** Whether a request path is the console's picture upload (its own body limit). */
export const isAdminMediaUpload = (path: string) => path === ADMIN_MEDIA_PATH;

const errs = [400, 401, 403, 404];

const mediaRoute = createRoute({
  method: 'post',
  path: ADMIN_MEDIA_PATH,
  tags: [ADMIN_TAG],
  security: [{ AdminSession: [] }],
  summary: 'Загрузка изображения (баннер, обложка): WebP до 2400 px, без метаданных',
  request: {
    body: {
      content: {
        'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) },
      },
      required: true,
    },
  },
  responses: {
    ...jsonResponses(MediaUpload, 'Изображение сохранено: его адрес', [400, 401, 403, 413]),
    415: { description: 'Ошибка', content: { 'application/json': { schema: ApiError } } },
  },
});

const previewRoute = adminGroup.post(
  '/api/admin/articles/preview',
  { body: ArticlePreviewInput },
  jsonResponses(ArticlePreviewHtml, 'HTML статьи, как его покажет витрина', [400, 401, 403]),
);

const SettingsParams = z.object({ id: z.literal('shop', { error: 'Запись настроек одна: shop' }) });
const settingsList = adminGroup.get(
  '/api/admin/settings',
  {},
  jsonResponses(z.array(AdminSettings), 'Настройки магазина (одна запись)', errs),
);
const settingsOne = adminGroup.get(
  '/api/admin/settings/{id}',
  { params: SettingsParams },
  jsonResponses(AdminSettings, 'Настройки магазина: промо-строка и организация', errs),
);
const settingsUpdate = adminGroup.put(
  '/api/admin/settings/{id}',
  { params: SettingsParams, body: AdminSettingsInput },
  jsonResponses(AdminSettings, 'Настройки сохранены', errs),
);

/** The multipart upload: `file` field, one picture. @throws ApiHttpError 400/413/415 in Russian. */
async function handleMedia(c: Context<AppEnv>) {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw new ApiHttpError(415, 'Отправьте файл формой multipart/form-data в поле «file»');
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiHttpError(400, 'Не удалось прочитать форму с файлом');
  }
  const file = form.file;
  if (!(file instanceof File)) throw new ApiHttpError(400, 'Выберите файл изображения (поле «file»)');
  if (file.size > MEDIA_MAX_BYTES) throw new ApiHttpError(413, 'Файл больше 10 МБ: выберите изображение поменьше');
  const stored = await storeUploadedImage(new Uint8Array(await file.arrayBuffer()), readServerEnv().IMPORT_MEDIA_DIR);
  return c.json(stored, 200);
}

/** Registers the content, promotion and catalogue console routes. */
export function registerAdminContentRoutes(app: ApiApp) {
  // Media: editor; the body limit is the upload's own (10 MB + the form's overhead).
  guard(app, 'media', ['editor']);
  app.use(
    ADMIN_MEDIA_PATH,
    bodyLimit({
      maxSize: MEDIA_MAX_BYTES + 64 * 1024,
      onError: (c) => errorResponse(c, 413, 'Файл больше 10 МБ: выберите изображение поменьше'),
    }),
  );
  openapiRoute(app, mediaRoute, handleMedia as never);

  guard(app, 'articles', ['editor']);
  openapiRoute(app, previewRoute, (async (c: Context<AppEnv>) => {
    const { markdown } = parseOr400(ArticlePreviewInput, await readJson(c), 'Проверьте текст');
    return c.json(previewMarkdown(markdown), 200);
  }) as never);

  registerCrud(app, {
    name: 'banners',
    title: 'Баннеры',
    roles: ['editor'],
    resource: bannerResource,
    input: AdminBannerInput,
    record: AdminBanner,
  });
  registerCrud(app, {
    name: 'articles',
    title: 'Новости и статьи',
    roles: ['editor'],
    resource: articleResource,
    input: AdminArticleInput,
    record: AdminArticle,
  });
  registerCrud(app, {
    name: 'pages',
    title: 'Информационные страницы',
    roles: ['editor'],
    resource: pageResource,
    input: AdminPageInput,
    record: AdminPage,
  });
  registerCrud(app, {
    name: 'seo',
    title: 'SEO-записи',
    roles: ['editor'],
    resource: seoResource,
    input: AdminSeoInput,
    record: AdminSeo,
  });
  registerCrud(app, {
    name: 'landings',
    title: 'Посадочные страницы',
    roles: ['editor'],
    resource: landingResource,
    input: AdminLandingInput,
    record: AdminLanding,
  });

  guard(app, 'settings', ['editor']);
  openapiRoute(app, settingsList, (async (c: Context<AppEnv>) => {
    const settings = await getSettings(c.var.db);
    setContentRange(c, 'settings', 0, 1, 1);
    return c.json([settings], 200);
  }) as never);
  openapiRoute(app, settingsOne, (async (c: Context<AppEnv>) => {
    parseOr400(SettingsParams, { id: c.req.param('id') }, 'Некорректная запись');
    return c.json(await getSettings(c.var.db), 200);
  }) as never);
  openapiRoute(app, settingsUpdate, (async (c: Context<AppEnv>) => {
    parseOr400(SettingsParams, { id: c.req.param('id') }, 'Некорректная запись');
    const body = parseOr400(AdminSettingsInput, await readJson(c), 'Проверьте поля');
    return c.json(await updateSettings(c.var.db, auditOf(c), body), 200);
  }) as never);

  registerAdminPromotionRoutes(app);
  registerAdminCatalogueRoutes(app);
  registerAdminProductSeoRoutes(app);
  registerAdminImportRoutes(app);
}
