/**
 * Reviews with fit (issue #33 items 1 and 5, docs/reviews.md).
 *
 * - Who may review: the account that placed an order, for each line of it, once the order is
 *   delivered and paid (`orders.status = 'delivered'`, `payment_status = 'paid'`); one review per
 *   line (`reviews.order_item_id` unique).
 * - Posting stores the review `pending`, attaches its photos and records the 152-ФЗ art. 9 consent,
 *   in one transaction. The text is plain: tags are removed (sanitize-html without allowed tags).
 * - Only `approved` reviews are public. A moderation decision writes a `product` change event for
 *   the product (catalog_changes + pg_notify, as the catalogue's triggers do), so the API's caches
 *   and the storefront's product page and listings are refreshed by server/services/change-events.ts
 *   within the freshness bound of docs/caching.md.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import {
  REVIEW_TEXT_MIN,
  type ModerationReview,
  type ProductRating,
  type Review,
  type ReviewableLine,
  type ReviewInput,
  type ReviewListQuery,
  type ReviewListResponse,
} from '@/lib/api/contract/reviews';
import {
  catalogChanges,
  orderItems,
  orders,
  products,
  reviewPhotos,
  reviews,
  users,
  type ReviewStatus,
} from '../db/schema';
import { ApiHttpError } from '../http';
import { CHANGE_CHANNEL } from './change-events';
import { consentSubject, recordConsents, type ConsentEvidence } from './consent';
import { summarizeReviews } from './reviews-summary';
import type { Db, Tx } from '../db/client';

/** Russian answers of the review API. */
export const REVIEW_MESSAGES = {
  notDelivered: 'Отзыв можно оставить после получения оплаченного заказа',
  lineNotFound: 'Покупка не найдена',
  duplicate: 'Отзыв об этой покупке уже оставлен',
  photoUnknown: 'Фото не найдено: загрузите его снова',
  emptyText: `Отзыв — не короче ${REVIEW_TEXT_MIN} символов`,
  notFound: 'Отзыв не найден',
} as const;

/** Public URL of a stored photo. */
export const reviewPhotoUrl = (key: string) => `/media/reviews/${key}.webp`;

/** Plain text of the form's input: tags and their script/style content removed, entities decoded back. */
export function plainReviewText(input: string): string {
  return sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const reviewable = and(eq(orders.status, 'delivered'), eq(orders.paymentStatus, 'paid'));

/**
 * Lines of `userId`'s delivered, paid orders of `productId` that have no review yet, newest first.
 */
export async function reviewableLines(db: Db, userId: number, productId: number): Promise<ReviewableLine[]> {
  const list = await db
    .select({
      order_item_id: orderItems.id,
      order_number: orders.number,
      size: orderItems.sizeName,
      color: orderItems.colorName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), reviewable, isNull(reviews.id)))
    .orderBy(desc(orders.createdAt), asc(orderItems.id));
  return list;
}

/** Who posts: the signed-in account. */
export interface ReviewAuthor {
  id: number;
  firstName: string;
}

/**
 * Stores a review of one order line as `pending` (see the module docstring).
 * @returns the new review's id.
 * @throws ApiHttpError 404 a line that is not the author's, 403 not delivered or not paid (Russian
 *   {@link REVIEW_MESSAGES.notDelivered}), 409 the line already reviewed, 400 unknown photo keys or
 *   a text that is empty once tags are removed.
 */
export async function postReview(
  db: Db,
  author: ReviewAuthor,
  body: ReviewInput,
  evidence: ConsentEvidence,
): Promise<number> {
  const text = plainReviewText(body.text);
  if (text.length < REVIEW_TEXT_MIN)
    throw new ApiHttpError(400, REVIEW_MESSAGES.emptyText, { text: REVIEW_MESSAGES.emptyText });
  try {
    return await db.transaction(async (tx) => {
      const [line] = await tx
        .select({
          productId: orderItems.productId,
          sizeName: orderItems.sizeName,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.id, body.order_item_id), eq(orders.userId, author.id)));
      if (!line || line.productId === null) throw new ApiHttpError(404, REVIEW_MESSAGES.lineNotFound);
      if (line.status !== 'delivered' || line.paymentStatus !== 'paid')
        throw new ApiHttpError(403, REVIEW_MESSAGES.notDelivered);
      const [existing] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.orderItemId, body.order_item_id));
      if (existing) throw new ApiHttpError(409, REVIEW_MESSAGES.duplicate);
      const keys = [...new Set(body.photos)];
      const photos = keys.length
        ? await tx
            .select({ id: reviewPhotos.id, key: reviewPhotos.key })
            .from(reviewPhotos)
            .where(
              and(inArray(reviewPhotos.key, keys), eq(reviewPhotos.userId, author.id), isNull(reviewPhotos.reviewId)),
            )
        : [];
      if (photos.length !== keys.length)
        throw new ApiHttpError(400, REVIEW_MESSAGES.photoUnknown, { photos: REVIEW_MESSAGES.photoUnknown });
      const [row] = await tx
        .insert(reviews)
        .values({
          orderItemId: body.order_item_id,
          productId: line.productId,
          userId: author.id,
          authorName: author.firstName.trim().slice(0, 40),
          rating: body.rating,
          text,
          sizeName: line.sizeName,
          fit: body.fit,
          heightCm: body.height_cm ?? null,
          usualSize: body.usual_size ? plainReviewText(body.usual_size) || null : null,
        })
        .returning({ id: reviews.id });
      for (const [sort, key] of keys.entries())
        await tx.update(reviewPhotos).set({ reviewId: row!.id, sort }).where(eq(reviewPhotos.key, key));
      await recordConsents(tx, {
        userId: author.id,
        subject: consentSubject({ userId: author.id }),
        documents: ['personal-data'],
        form: 'review',
        evidence,
      });
      return row!.id;
    });
  } catch (error) {
    // Two posts of the same line at once: the unique index decides, the loser gets the same 409.
    if (hasCode(error, '23505')) throw new ApiHttpError(409, REVIEW_MESSAGES.duplicate);
    throw error;
  }
}

function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === code) return true;
  return false;
}

interface ReviewRow {
  id: number;
  authorName: string;
  rating: number;
  text: string;
  sizeName: string;
  fit: Review['fit'];
  heightCm: number | null;
  usualSize: string | null;
  createdAt: Date;
}

const reviewColumns = {
  id: reviews.id,
  authorName: reviews.authorName,
  rating: reviews.rating,
  text: reviews.text,
  sizeName: reviews.sizeName,
  fit: reviews.fit,
  heightCm: reviews.heightCm,
  usualSize: reviews.usualSize,
  createdAt: reviews.createdAt,
};

async function withPhotos<T extends ReviewRow>(db: Db, list: T[]): Promise<Array<T & { photos: Review['photos'] }>> {
  const ids = list.map((r) => r.id);
  const photos = ids.length
    ? await db
        .select({
          reviewId: reviewPhotos.reviewId,
          key: reviewPhotos.key,
          width: reviewPhotos.width,
          height: reviewPhotos.height,
        })
        .from(reviewPhotos)
        .where(inArray(reviewPhotos.reviewId, ids))
        .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.sort))
    : [];
  return list.map((r) => ({
    ...r,
    photos: photos
      .filter((p) => p.reviewId === r.id)
      .map((p) => ({ url: reviewPhotoUrl(p.key), width: p.width, height: p.height })),
  }));
}

function toReview(r: ReviewRow & { photos: Review['photos'] }): Review {
  return {
    id: r.id,
    author: r.authorName || 'Покупатель',
    rating: r.rating,
    text: r.text,
    size: r.sizeName,
    fit: r.fit,
    height_cm: r.heightCm,
    usual_size: r.usualSize,
    photos: r.photos,
    created_at: r.createdAt.toISOString(),
  };
}

// Written out: drizzle leaves the table name off columns of one-table queries, and "id" would
// then be the photo's own.
const photoCount = sql<number>`(select count(*)::int from review_photos rp where rp.review_id = "reviews"."id")`;

/**
 * GET /v1/reviews/: the summary of all approved reviews of the product and a page of them,
 * filtered by stars and «с фото», sorted newest / best / worst first (ties: newest first).
 */
export async function listReviews(db: Db, query: ReviewListQuery): Promise<ReviewListResponse> {
  const approved = and(eq(reviews.productId, query.product), eq(reviews.status, 'approved'));
  const all = await db
    .select({ rating: reviews.rating, fit: reviews.fit, size: reviews.sizeName, photos: photoCount })
    .from(reviews)
    .where(approved);
  const summary = summarizeReviews(all.map((r) => ({ ...r, photos: Number(r.photos) })));
  const filter: SQL | undefined = and(
    approved,
    query.rating ? eq(reviews.rating, query.rating) : undefined,
    query.photo ? sql`${photoCount} > 0` : undefined,
  );
  const order =
    query.sort === 'rating_desc'
      ? [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
      : query.sort === 'rating_asc'
        ? [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
        : [desc(reviews.createdAt), desc(reviews.id)];
  const [[{ n } = { n: 0 }], page] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(filter),
    db
      .select(reviewColumns)
      .from(reviews)
      .where(filter)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { status: 'success', summary, count: Number(n), results: (await withPhotos(db, page)).map(toReview) };
}

/** GET /v1/reviews/ratings/: mean rating (0.1) and count of approved reviews per product, for cards. */
export async function productRatings(db: Db, ids: readonly number[]): Promise<ProductRating[]> {
  if (ids.length === 0) return [];
  const list = await db
    .select({
      product: reviews.productId,
      average: sql<string>`round(avg(${reviews.rating}), 1)`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, [...ids]), eq(reviews.status, 'approved')))
    .groupBy(reviews.productId);
  const byId = new Map(list.map((r) => [r.product, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ product: id, average: Number(r.average), count: Number(r.count) }] : [];
  });
}

async function moderationRows(db: Db | Tx, where: SQL | undefined): Promise<ModerationReview[]> {
  const list = await db
    .select({
      ...reviewColumns,
      status: reviews.status,
      productId: reviews.productId,
      productName: products.name,
      orderNumber: orders.number,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(where)
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(200);
  return (await withPhotos(db as Db, list)).map((r) => ({
    ...toReview(r),
    product_id: r.productId,
    product_name: r.productName,
    order_number: r.orderNumber,
    status: r.status,
  }));
}

/** Reviews in `status` for moderators, oldest first (at most 200). */
export function moderationList(db: Db, status: ReviewStatus): Promise<ModerationReview[]> {
  return moderationRows(db, eq(reviews.status, status));
}

/**
 * Approves or rejects a review (again: a decision can be changed) and writes the product's change
 * event in the same transaction.
 * @param by who decided, e.g. "operator:api", "admin:12".
 * @param alsoInTx e.g. the console's audit record, written in the same transaction.
 * @throws ApiHttpError 404 unknown review.
 */
export async function moderateReview(
  db: Db,
  id: number,
  status: Exclude<ReviewStatus, 'pending'>,
  by: string,
  /** Runs in the decision's transaction after the update (the console's audit record). */
  alsoInTx?: (tx: Tx, review: ModerationReview) => Promise<void>,
): Promise<ModerationReview> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ status, moderatedBy: by, moderatedAt: new Date(), updatedAt: new Date() })
      .where(eq(reviews.id, id))
      .returning({ productId: reviews.productId });
    if (!row) throw new ApiHttpError(404, REVIEW_MESSAGES.notFound);
    await tx.insert(catalogChanges).values({ productId: row.productId, kind: 'product' });
    await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, '')`);
    const [review] = await moderationRows(tx, eq(reviews.id, id));
    await alsoInTx?.(tx, review!);
    return review!;
  });
}

/** The first name a review is signed with. */
export async function authorOf(db: Db, userId: number): Promise<ReviewAuthor> {
  const [user] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return { id: userId, firstName: user?.firstName ?? '' };
}
