/**
 * Content tables (spec §3 "Other content", Feedback message; §7 Content, Subscription): info pages
 * served by GET /v1/about/{path}, news and blog articles, banners, Instagram posts, feedback
 * messages of the help form and e-mail subscriptions.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Kinds of article: the `{content}` of GET /v1/{content}?offset= (spec §7). */
export const ARTICLE_KINDS = ['news', 'blog'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** Text formats of stored bodies; the storefront renders and sanitises both. */
export const TEXT_FORMATS = ['markdown', 'html'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** Info pages by path ("about", "publick-offer", …), GET /v1/about/{path}. */
export const infoPages = pgTable(
  'info_pages',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    h1: text('h1').notNull(),
    description: text('description').notNull(),
    body: text('body').notNull(),
    format: text('format', { enum: TEXT_FORMATS }).notNull().default('markdown'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('info_pages_path_uq').on(t.path)],
);

/** News and blog articles; slugs are unique per kind. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ARTICLE_KINDS }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    body: text('body').notNull(),
    format: text('format', { enum: TEXT_FORMATS }).notNull().default('markdown'),
    cover: text('cover').notNull(),
    coverAlt: text('cover_alt').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('articles_kind_slug_uq').on(t.kind, t.slug),
    index('articles_kind_date_idx').on(t.kind, t.publishedAt),
  ],
);

/** Where a banner shows: the home slider (GET /v1/banner) or listings (GET /v1/containerbanners). */
export const BANNER_PLACES = ['home', 'container'] as const;

/** Promo banners (spec §3 banners and catalogBanners). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    place: text('place', { enum: BANNER_PLACES }).notNull(),
    /** Catalogue section slug for container banners ("kupalniki"); null shows everywhere. */
    section: text('section'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull(),
    link: text('link').notNull(),
    linkText: text('link_text').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Issue #32: switched off by an editor without deleting it. */
    active: boolean('active').notNull().default(true),
    /** Issue #32: shown from this moment (null: at once). */
    dateFrom: timestamp('date_from', { withTimezone: true }),
    /** Issue #32: shown until this moment (null: without end). */
    dateTo: timestamp('date_to', { withTimezone: true }),
  },
  (t) => [index('banners_place_idx').on(t.place, t.sort)],
);

/** Posts of the shop's Instagram shown on /instagram (GET /v1/instagramm_posts). */
export const instagramPosts = pgTable('instagram_posts', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  caption: text('caption').notNull(),
  link: text('link').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

/** Help-form messages (spec §3 Feedback message: contactData, message). */
export const feedbackMessages = pgTable('feedback_messages', {
  id: serial('id').primaryKey(),
  contactData: text('contact_data').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Newsletter subscribers (spec §7 Subscription, issue #12 double opt-in): a row appears with the
 * first request, inactive; it becomes active only when the address owner confirms from the mail
 * (`confirmed_at` records that consent). Unsubscribing keeps the row, inactive.
 *
 * `unsubscribe_token` is the per-subscriber secret of the link `/unsubscribe/<token>` in every
 * newsletter mail. It is stored as is, not hashed: each later mail must carry it, and it only
 * lets its holder unsubscribe this address. The SQL default fills rows that predate it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    active: boolean('active').notNull().default(false),
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_email_uq').on(t.email),
    uniqueIndex('subscriptions_unsubscribe_token_uq').on(t.unsubscribeToken),
  ],
);

/**
 * Pending newsletter confirmations (issue #12): one row per mailed link `/subscribe/confirm/<token>`,
 * SHA-256 of the token only, single use (`used_at`), expiring (48 h).
 */
export const subscriptionConfirmations = pgTable(
  'subscription_confirmations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_confirmations_hash_uq').on(t.tokenHash),
    index('subscription_confirmations_email_idx').on(t.email),
  ],
);
