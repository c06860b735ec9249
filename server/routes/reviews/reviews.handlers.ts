/**
 * Handlers of the review API (issue #33 items 1 and 5, docs/reviews.md). Bad input answers 400
 * with a Russian message; a shopper without a delivered, paid purchase of the line 403; a second
 * review of a line 409; more than {@link REVIEWS_PER_DAY} reviews a day 429.
 */
import { ModerationQuery, REVIEW_POSTED, ReviewBody } from '@/lib/api/contract/reviews';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { requireUser } from '../../services/auth';
import { consentEvidence } from '../../services/consent';
import { saveReviewPhoto } from '../../services/review-photos';
import {
  authorOf,
  listReviews as list,
  moderateReview,
  moderationList as pending,
  postReview as post,
  productRatings,
  reviewableLines,
} from '../../services/reviews';
import { assertOperator } from '../operator/operator.handlers';
import type * as r from './reviews.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** Reviews one account may post in 24 hours (a buyer of many things posts a few; a script is stopped). */
export const REVIEWS_PER_DAY = { max: 20, windowMs: 24 * 3_600_000 };

/** GET /api/v1/reviews/?product=&sort=&rating=&photo=&limit=&offset=. */
export const listReviews: Handler<typeof r.listReviews> = async (c) =>
  c.json(await list(c.var.db, c.req.valid('query')), 200);

/** GET /api/v1/reviews/ratings/?ids=1,2,3. */
export const ratings: Handler<typeof r.ratings> = async (c) => {
  const ids = [...new Set(c.req.valid('query').ids.split(',').map(Number))].filter((n) => n > 0 && n < 2 ** 31);
  return c.json({ status: 'success' as const, results: await productRatings(c.var.db, ids) }, 200);
};

/** GET /api/v1/reviews/eligible/?product= (signed in). */
export const eligible: Handler<typeof r.eligible> = async (c) => {
  const user = await requireUser(c);
  const { product } = c.req.valid('query');
  return c.json({ status: 'success' as const, lines: await reviewableLines(c.var.db, user.id, product) }, 200);
};

/**
 * POST /api/v1/reviews/ {order_item_id, rating, text, fit, height_cm?, usual_size?, photos?,
 * personal_data_consent: true} (signed in).
 * @throws ApiHttpError 401, 400, 403, 404, 409 (services/reviews.ts postReview), 429.
 */
export const postReview: Handler<typeof r.postReview> = async (c) => {
  const user = await requireUser(c);
  const key = `rv:post:${user.id}`;
  if (await c.var.throttle.isLimited(REVIEWS_PER_DAY, key)) {
    c.header('Retry-After', String(REVIEWS_PER_DAY.windowMs / 1000));
    throw new ApiHttpError(429, 'Слишком много отзывов за сутки. Попробуйте снова завтра');
  }
  await c.var.throttle.hit(REVIEWS_PER_DAY, key);
  const body = parseOr400(ReviewBody, await readJson(c), 'Отзыв не отправлен');
  const id = await post(c.var.db, await authorOf(c.var.db, user.id), body, consentEvidence(c));
  return c.json({ status: 'success' as const, message: REVIEW_POSTED, id }, 200);
};

/** POST /api/v1/reviews/photos/ with the picture as the body (Content-Type image/*; signed in). */
export const uploadPhoto: Handler<typeof r.uploadPhoto> = async (c) => {
  const user = await requireUser(c);
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith('image/')) throw new ApiHttpError(415, 'Загрузите фото: JPEG, PNG, WebP или HEIC');
  const saved = await saveReviewPhoto(c.var.db, user.id, new Uint8Array(await c.req.arrayBuffer()));
  return c.json({ status: 'success' as const, ...saved }, 200);
};

/** GET /api/v1/operator/reviews/?status=pending (operator key). */
export const moderationList: Handler<typeof r.moderationList> = async (c) => {
  assertOperator(c);
  const { status } = ModerationQuery.parse(c.req.valid('query'));
  return c.json({ status: 'success' as const, results: await pending(c.var.db, status) }, 200);
};

/** Approves or rejects review `id` of the path (operator key). */
async function decide(
  c: Parameters<Handler<typeof r.approve>>[0] | Parameters<Handler<typeof r.reject>>[0],
  status: 'approved' | 'rejected',
) {
  assertOperator(c);
  const review = await moderateReview(c.var.db, Number(c.req.param('id')), status, 'operator:api');
  return c.json({ status: 'success' as const, review }, 200);
}

/** POST /api/v1/operator/reviews/{id}/approve/ (operator key): shown on the product page. */
export const approve: Handler<typeof r.approve> = (c) => decide(c, 'approved');
/** POST /api/v1/operator/reviews/{id}/reject/ (operator key): hidden. */
export const reject: Handler<typeof r.reject> = (c) => decide(c, 'rejected');
