/**
 * Reviews with fit (issue #33 items 1 and 5, docs/reviews.md): the public list and card ratings,
 * the shopper's reviewable lines, photo upload and posting, and moderation by the operator key
 * (OPERATOR_TOKEN, as server/routes/operator) until the console's own routes exist.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  EligibleQuery,
  EligibleResponse,
  ModerationDecisionResponse,
  ModerationListResponse,
  ModerationQuery,
  RatingsQuery,
  RatingsResponse,
  REVIEW_PHOTO_MAX_BYTES,
  ReviewBody,
  ReviewListQuery,
  ReviewListResponse,
  ReviewPhotoUploaded,
  ReviewPostedResponse,
} from '@/lib/api/contract/reviews';
import { errorResponse } from '../../http';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import { registerAdminReviewRoutes } from './reviews.admin';
import * as h from './reviews.handlers';
import type { ApiApp } from '../../types';

const group = routeGroup({ tags: ['Отзывы'] });
const moderation = routeGroup({ tags: ['Отзывы', 'Оператор'], security: [{ Operator: [] }] });
const shopper = routeGroup({ tags: ['Отзывы'], security: [{ Token: [] }] });

/** Path of the photo upload, which alone takes bodies over the API's 64 KB (server/app.ts). */
export const REVIEW_PHOTO_PATH = '/api/v1/reviews/photos/';

/** Whether a request path is the photo upload (with or without the final slash). */
export const isReviewPhotoUpload = (path: string) => path === REVIEW_PHOTO_PATH || path === '/api/v1/reviews/photos';

export const listReviews = group.get(
  '/api/v1/reviews/',
  { query: ReviewListQuery },
  jsonResponses(ReviewListResponse, 'Одобренные отзывы о товаре, рейтинг и посадка по размерам', [400]),
);
export const ratings = group.get(
  '/api/v1/reviews/ratings/',
  { query: RatingsQuery },
  jsonResponses(RatingsResponse, 'Средняя оценка и число отзывов для карточек товаров', [400]),
);
export const eligible = shopper.get(
  '/api/v1/reviews/eligible/',
  { query: EligibleQuery },
  jsonResponses(EligibleResponse, 'Покупки товара из полученных заказов, о которых ещё нет отзыва', [400, 401]),
);
export const postReview = shopper.post(
  '/api/v1/reviews/',
  { body: ReviewBody },
  jsonResponses(ReviewPostedResponse, 'Отзыв принят и ждёт проверки', [400, 401, 403, 404, 409, 429]),
  {
    description:
      'Один отзыв на строку полученного и оплаченного заказа; нужно согласие на обработку персональных данных.',
  },
);
const image = { schema: z.string().meta({ format: 'binary' }) };
export const uploadPhoto = createRoute({
  method: 'post',
  path: REVIEW_PHOTO_PATH,
  tags: ['Отзывы'],
  security: [{ Token: [] }],
  description: 'Фото для отзыва: JPEG, PNG, WebP или HEIC до 1 МБ; хранится как WebP без метаданных.',
  request: {
    body: {
      required: true,
      content: { 'image/jpeg': image, 'image/png': image, 'image/webp': image, 'image/heic': image },
    },
  },
  responses: {
    ...jsonResponses(ReviewPhotoUploaded, 'Фото сохранено', [400, 401, 413, 415, 429]),
  },
});
const id = { params: z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, 'Некорректный номер отзыва') }) };
export const moderationList = moderation.get(
  '/api/v1/operator/reviews/',
  { query: ModerationQuery },
  jsonResponses(ModerationListResponse, 'Отзывы на проверке (или с другим статусом), старые первыми', [400, 401, 404]),
);
export const approve = moderation.post(
  '/api/v1/operator/reviews/{id}/approve/',
  id,
  jsonResponses(ModerationDecisionResponse, 'Отзыв одобрен и показан на странице товара', [400, 401, 404]),
);
export const reject = moderation.post(
  '/api/v1/operator/reviews/{id}/reject/',
  id,
  jsonResponses(ModerationDecisionResponse, 'Отзыв отклонён и скрыт', [400, 401, 404]),
);

/** Registers the review routes. */
export function registerReviewRoutes(app: ApiApp) {
  openapiRoute(app, listReviews, h.listReviews);
  openapiRoute(app, ratings, h.ratings);
  openapiRoute(app, eligible, h.eligible);
  openapiRoute(app, postReview, h.postReview);
  app.use(
    REVIEW_PHOTO_PATH.replace(/\/$/, ''),
    bodyLimit({
      maxSize: REVIEW_PHOTO_MAX_BYTES,
      onError: (c) => errorResponse(c, 413, 'Фото больше 1 МБ: выберите фото поменьше'),
    }),
  );
  openapiRoute(app, uploadPhoto, h.uploadPhoto);
  openapiRoute(app, moderationList, h.moderationList, { what: 'Проверьте запрос' });
  openapiRoute(app, approve, h.approve, { what: 'Отзыв не найден' });
  openapiRoute(app, reject, h.reject, { what: 'Отзыв не найден' });
  registerAdminReviewRoutes(app); // the console's moderation (manager, editor), reviews.admin.ts
}
