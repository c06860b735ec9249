/**
 * Reviews with fit (issue #33 items 1 and 5), migration 0016_reviews.sql; docs/reviews.md.
 *
 * A review belongs to one order line (`order_item_id` unique: one review per bought line) of a
 * delivered order of its author, so only buyers review and each purchase counts once. It carries
 * the rating (1–5), plain text, the size bought (the line's own `size_name`), how that size fits
 * (`fit`), optionally the author's height (cm) and usual size. It is shown only once a moderator
 * approved it (`status`); moderation writes a catalogue change event (server/services/reviews.ts).
 *
 * Photos (up to 5 a review) are re-encoded by sharp to WebP without metadata
 * (server/services/review-photos.ts) and stored here; /media/reviews/{key}.webp serves those of
 * approved reviews. A photo is uploaded before its review is posted (`review_id` null until then).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { orderItems } from './orders';

/** How the bought size fits (wire and stored values; Russian labels in lib/api/contract/reviews.ts). */
export const REVIEW_FITS = ['runs_small', 'true_to_size', 'runs_large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

/** Moderation states: only `approved` reviews are public. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .unique('reviews_order_item_unique')
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null after the author deleted the account (the review stays, signed «Покупатель»). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The first name shown with the review, taken from the account at posting time. */
    authorName: text('author_name').notNull().default(''),
    rating: smallint('rating').notNull(),
    /** Plain text (tags removed on input). */
    text: text('text').notNull(),
    /** The size of the order line, e.g. "48" or "Верх: S, низ: M". */
    sizeName: text('size_name').notNull(),
    fit: text('fit').$type<ReviewFit>().notNull(),
    /** Author's height, cm (optional). */
    heightCm: smallint('height_cm'),
    /** The size the author usually wears (optional). */
    usualSize: text('usual_size'),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    /** Who decided: "operator:api" or "admin:<staff id>". */
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_fit_known', sql`${t.fit} in ('runs_small', 'true_to_size', 'runs_large')`),
    check('reviews_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('reviews_height_range', sql`${t.heightCm} is null or ${t.heightCm} between 100 and 230`),
  ],
);

export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    /** Public name of the file, /media/reviews/{key}.webp (not guessable before approval). */
    key: uuid('key').notNull().defaultRandom().unique('review_photos_key_unique'),
    /** Null until the review that uses it is posted. */
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** WebP bytes, metadata stripped. */
    data: bytea('data').notNull(),
    /** px. */
    width: integer('width').notNull(),
    /** px. */
    height: integer('height').notNull(),
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_photos_review_idx').on(t.reviewId, t.sort),
    index('review_photos_user_idx').on(t.userId, t.createdAt),
  ],
);
