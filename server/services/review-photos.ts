/**
 * Photos of reviews (issue #33 item 1, docs/reviews.md "Photos"): the media pipeline's rules for
 * shoppers' files. An upload is at most {@link REVIEW_PHOTO_MAX_BYTES} of JPEG, PNG, WebP or
 * HEIC/AVIF; sharp decodes it (a file that does not decode is refused), turns it upright by its
 * EXIF orientation, fits it into 1600×1600 px and re-encodes it as WebP, which drops every
 * metadata block (EXIF with GPS position and camera serial, XMP, ICC) — sharp keeps none unless
 * asked. The stored bytes are served by /media/reviews/{key}.webp once the review is approved.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { isGuid } from '@/lib/api/contract/common';
import { REVIEW_PHOTO_MAX_BYTES } from '@/lib/api/contract/reviews';
import { reviewPhotos, reviews } from '../db/schema';
import { ApiHttpError } from '../http';
import type { Db } from '../db/client';

/** Longest side of a stored photo, px. */
export const REVIEW_PHOTO_MAX_SIDE = 1600;
/** Shortest side an upload must have, px (a thumbnail says nothing about fit). */
export const REVIEW_PHOTO_MIN_SIDE = 200;
/** Photos one shopper may upload in 24 hours (posted or not). */
export const REVIEW_PHOTOS_PER_DAY = 30;
/** Decoded pixels sharp accepts before refusing (a decompression bomb guard): 40 Mpx. */
const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);

/** A processed photo ready to store. */
export interface ProcessedPhoto {
  data: Buffer;
  /** px. */
  width: number;
  /** px. */
  height: number;
}

/**
 * Decodes, orients, shrinks and re-encodes one upload (see the module docstring).
 * @throws ApiHttpError 413 over the byte limit, 415 not a supported picture, 400 too small.
 */
export async function processReviewPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  if (input.byteLength > REVIEW_PHOTO_MAX_BYTES)
    throw new ApiHttpError(413, 'Фото больше 1 МБ: выберите фото поменьше');
  if (input.byteLength === 0) throw new ApiHttpError(400, 'Файл фото пуст');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new ApiHttpError(415, 'Это не фото: загрузите JPEG, PNG, WebP или HEIC');
  }
  if (!meta.format || !FORMATS.has(meta.format))
    throw new ApiHttpError(415, 'Это не фото: загрузите JPEG, PNG, WebP или HEIC');
  if (Math.min(meta.width ?? 0, meta.height ?? 0) < REVIEW_PHOTO_MIN_SIDE)
    throw new ApiHttpError(
      400,
      `Фото слишком маленькое: нужно не меньше ${REVIEW_PHOTO_MIN_SIDE} пикселей по короткой стороне`,
    );
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(REVIEW_PHOTO_MAX_SIDE, REVIEW_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new ApiHttpError(415, 'Фото не читается: загрузите другой файл');
  }
}

/**
 * Stores a processed upload of `userId`, not yet attached to a review.
 * @returns its key (for the review's `photos`) and size in px.
 * @throws ApiHttpError 429 past {@link REVIEW_PHOTOS_PER_DAY} uploads in 24 hours, and as {@link processReviewPhoto}.
 */
export async function saveReviewPhoto(
  db: Db,
  userId: number,
  input: Uint8Array,
): Promise<{ key: string; width: number; height: number }> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewPhotos)
    .where(and(eq(reviewPhotos.userId, userId), gt(reviewPhotos.createdAt, sql`now() - interval '24 hours'`)));
  if (n >= REVIEW_PHOTOS_PER_DAY) throw new ApiHttpError(429, 'Слишком много фото за сутки. Попробуйте снова завтра');
  const photo = await processReviewPhoto(input);
  const [row] = await db
    .insert(reviewPhotos)
    .values({ userId, data: photo.data, width: photo.width, height: photo.height })
    .returning({ key: reviewPhotos.key });
  return { key: row!.key, width: photo.width, height: photo.height };
}

/** The WebP bytes of a photo of an approved review; null for unknown keys and unapproved reviews. */
export async function approvedPhoto(db: Db, key: string): Promise<Buffer | null> {
  if (!isGuid(key)) return null;
  const [row] = await db
    .select({ data: reviewPhotos.data })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviewPhotos.key, key), eq(reviews.status, 'approved')))
    .limit(1);
  return row?.data ?? null;
}

/** Deletes uploads never attached to a review, older than a day. @returns how many. */
export async function deleteStrayPhotos(db: Db): Promise<number> {
  const gone = await db
    .delete(reviewPhotos)
    .where(and(isNull(reviewPhotos.reviewId), sql`${reviewPhotos.createdAt} < now() - interval '24 hours'`))
    .returning({ id: reviewPhotos.id });
  return gone.length;
}
