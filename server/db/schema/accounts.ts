/**
 * Account tables (spec §3 User, Registration payload; §6 roles; §7 Auth and user, Locations):
 * users with argon2id password hashes, revocable expiring auth tokens and single-use reset
 * tokens (both stored as SHA-256 digests, never in clear), addresses with region and city
 * references, the seeded list of Russian regions and their main cities, and favourites.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lowercased (spec §3 Registration payload). */
    email: text('email'),
    /** "+7XXXXXXXXXX" (spec §5: dashes and brackets removed), or null. */
    phone: text('phone'),
    lastName: text('last_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    /** Shown as second_name (spec §3). */
    middleName: text('middle_name').notNull().default(''),
    /** argon2id PHC string; null for social-only accounts. */
    passwordHash: text('password_hash'),
    /** Newsletter subscription flag shown on /profile. */
    subscribed: boolean('subscribed').notNull().default(false),
    /** Bonus points of the loyalty programme (spec §1), whole rubles. */
    bonusBalance: integer('bonus_balance').notNull().default(0),
    /** VK user id of a VK ID login. */
    vkId: text('vk_id'),
    /**
     * Issue #29 (152-ФЗ art. 21): when the account was deleted at its owner's request; its
     * personal fields are anonymised then, its orders kept for accounting.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_vk_uq').on(t.vkId),
  ],
);

/** Login tokens (`Authorization: Token …`): SHA-256 of the token, expiry, revocation (logout). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** Password reset links `/reset/{token}`: single use (`used_at`), expiring. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Federal subjects of Russia (GET /v1/regions/). */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Two-digit code of the subject (ГИБДД/ОКАТО style), e.g. "77". */
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('regions_name_uq').on(t.name)],
);

/** Main cities of each region (GET /v1/cities/). */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Administrative centre of its region. */
    isCapital: boolean('is_capital').notNull().default(false),
  },
  (t) => [uniqueIndex('cities_region_name_uq').on(t.regionId, t.name), index('cities_name_idx').on(t.name)],
);

/** A user's delivery addresses (spec §7 /v1/user_address/). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    regionId: integer('region_id').references(() => regions.id),
    cityId: integer('city_id').references(() => cities.id),
    street: text('street').notNull(),
    house: text('house').notNull(),
    apartment: text('apartment').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    comment: text('comment').notNull().default(''),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId)],
);

/** A registered user's favourite products (guests keep theirs in lkData, spec §3). */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const CONSENT_DOCUMENTS = ['personal-data', 'advertising'] as const;
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number];

/**
 * Issue #29: every consent given through a form (152-ФЗ art. 9: consent to personal data
 * processing, a separate document; 38-ФЗ art. 18: consent to advertising mail), and its withdrawal.
 * `subject` is who gave it: "user:<id>", else "email:<normalised>" or "phone:<digits>".
 * `documentVersion` is the version of the consent text the person saw (the info page's
 * `updated_at`, ISO).
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    document: text('document').$type<ConsentDocument>().notNull(),
    documentVersion: text('document_version').notNull(),
    /** "registration", "checkout", "subscription", "feedback", "profile". */
    form: text('form').notNull(),
    clientAddress: text('client_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** How it was withdrawn: "unsubscribe-link", "profile", "account-deleted". */
    withdrawnVia: text('withdrawn_via'),
  },
  (t) => [index('consents_subject_idx').on(t.subject, t.document), index('consents_user_idx').on(t.userId)],
);
