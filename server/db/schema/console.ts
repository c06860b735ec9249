/**
 * The operator console (issue #32, DESIGN.md folders `server/routes/admin/`): staff accounts, their
 * sessions and second factor, and the audit log. Migration 0015_operator_console.sql.
 *
 * Staff are not shoppers: their own table, their own cookie session (`admin_session`), never an
 * `auth_tokens` row, so a shopper's token can never reach `/api/admin` (docs/operator-console.md).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Roles of the console (contract "Roles"): owner > manager (orders, promotions) | editor (content). */
export const STAFF_ROLES = ['owner', 'manager', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Staff accounts, created by the owner (the first owner by `npm run admin -- create-owner`). */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Login name, lowercased, unique. */
    login: text('login').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** argon2id PHC string (server/services/auth.ts `hashPassword`). */
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238); set by setup, used once enabled. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step: a code is never accepted twice (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    /** A disabled account cannot log in and its sessions stop working. */
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_login_uq').on(t.login),
    check('staff_role_check', sql`${t.role} IN ('owner', 'manager', 'editor')`),
  ],
);

/**
 * Console sessions: SHA-256 of the cookie token, never the token. A session ends at `expires_at`
 * (absolute) or after the idle limit since `last_seen` (server/services/admin/sessions.ts).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('staff_sessions_token_uq').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Every change made in the console: who, what, before and after, when (issue #32). Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** Null for the CLI (`npm run admin`), which has no staff member. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** e.g. "create", "update", "delete", "refund", "status", "login". */
    action: text('action').notNull(),
    /** The console resource ("staff", "orders", "banners", …). */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
