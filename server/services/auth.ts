/**
 * Accounts of the shop API (spec §3 User, §5 rules, §6 roles, §7 Auth and user, §8 messages;
 * DESIGN.md "Auth and security"):
 * - passwords hashed with argon2id (OWASP parameters: 19 MiB, 2 iterations, 1 lane);
 * - login tokens `v1.{base64url JSON {exp, uid}}.{32 random bytes}` — three parts so the
 *   storefront can read the expiry (spec §5) — stored only as SHA-256, expiring after
 *   TOKEN_TTL_HOURS and revocable (logout);
 * - reset tokens: 32 random bytes, SHA-256 stored, single use, expiring after
 *   RESET_TOKEN_TTL_MINUTES; a new one or a completed reset ends every other open reset token, and
 *   a completed reset revokes every login token of the user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ChangeInfoBody, SignInBody, User } from '@/lib/api/contract/accounts';
import { ACCOUNT_MESSAGES, SPEC_MESSAGES } from '@/lib/messages/accounts';
import { splitFullName } from '@/lib/validation/auth';
import { authTokens, passwordResetTokens, users } from '../db/schema';
import { serverEnv } from '../env';
import { ApiHttpError } from '../http';
import { consentSubject, recordConsents, withdrawConsents, type ConsentEvidence } from './consent';
import type { Db } from '../db/client';
import type { AppEnv } from '../types';
import type { Context } from 'hono';
import type { z } from 'zod';

const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Checks a password against a PHC string; false for a malformed hash. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the account does not exist, so the answer takes as long
// as for a wrong password and timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | null = null;
/** Spends the time of one verification (unknown account). */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('Dummy-password-1');
  await verifyPassword(await dummyHash, password);
}

/** SHA-256 hex of a token. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The stored user row. */
export type UserRow = typeof users.$inferSelect;

/** The wire shape of a user (contract `User`). */
export function toUser(row: UserRow): User {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    name,
    full_name: [row.lastName, row.firstName, row.middleName].filter(Boolean).join(' '),
    last_name: row.lastName,
    first_name: row.firstName,
    middle_name: row.middleName,
    second_name: row.middleName,
    email: row.email,
    phone: row.phone,
    subscribed: row.subscribed,
    bonus_balance: row.bonusBalance,
    has_password: row.passwordHash !== null,
  };
}

/** Issues a login token for a user. @returns the token and its expiry. */
export async function issueToken(db: Db, userId: number, ttlMs = serverEnv.TOKEN_TTL_HOURS * 3_600_000) {
  const expiresAt = new Date(Date.now() + ttlMs);
  const payload = Buffer.from(JSON.stringify({ exp: Math.floor(expiresAt.getTime() / 1000), uid: userId })).toString(
    'base64url',
  );
  const token = `v1.${payload}.${randomBytes(32).toString('base64url')}`;
  await db.insert(authTokens).values({ userId, tokenHash: digest(token), expiresAt });
  return { token, expiresAt };
}

/** The token of `Authorization: Token …` (or `Bearer …`, spec §7 social library), or null. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^(?:Token|Bearer)\s+(\S{10,300})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/** The user of a valid (known, not revoked, not expired) token, or null. */
export async function userByToken(db: Db, token: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(eq(authTokens.tokenHash, digest(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row?.user ?? null;
}

/**
 * The logged-in user of the request.
 * @throws ApiHttpError 401 "Войдите в личный кабинет" without a valid token.
 */
export async function requireUser(c: Context<AppEnv>): Promise<UserRow> {
  const token = bearerToken(c);
  const user = token ? await userByToken(c.var.db, token) : null;
  if (!user) throw new ApiHttpError(401, ACCOUNT_MESSAGES.unauthorized);
  return user;
}

/** Revokes one token (logout). @returns whether a live token was revoked. */
export async function revokeToken(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, digest(token)), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return rows.length > 0;
}

/**
 * Creates a single-use reset token for a user; every other open reset token of the user stops
 * working (issue #12: only the newest link in the mailbox is valid), in one transaction.
 * @returns the token (only ever in the mail).
 */
export async function issueResetToken(db: Db, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + serverEnv.RESET_TOKEN_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({ userId, tokenHash: digest(token), expiresAt });
  });
  return { token, expiresAt };
}

/**
 * Sets a new password with a reset token, in one transaction: the token is marked used (so it
 * works once), the password replaced, and every login token of the user revoked.
 * @throws ApiHttpError 400 when the token is unknown, used or expired.
 */
export async function completeReset(db: Db, token: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, digest(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new ApiHttpError(400, ACCOUNT_MESSAGES.resetTokenInvalid);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning();
    // Issue #12: any other link still open for this user dies with the reset.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(authTokens.userId, used.userId), isNull(authTokens.revokedAt)));
    return user!;
  });
}

/** The user with this (lowercased) e-mail, or null. */
export async function userByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/** Postgres unique violation → the spec §8 duplicate message, by index name. */
export function duplicateMessage(error: unknown): string | null {
  const text =
    String((error as { message?: string; constraint?: string; cause?: unknown })?.message ?? '') +
    JSON.stringify((error as { cause?: unknown })?.cause ?? '') +
    String((error as { constraint?: string })?.constraint ?? '');
  if (text.includes('users_email_uq')) return 'email';
  if (text.includes('users_phone_uq')) return 'phone';
  return null;
}

/** Throws 400 with the spec §8 duplicate message when a unique index refused the write. */
function rethrowDuplicate(error: unknown): never {
  const which = duplicateMessage(error);
  if (which === 'email')
    throw new ApiHttpError(400, SPEC_MESSAGES.duplicateEmail, { email: SPEC_MESSAGES.duplicateEmail });
  if (which === 'phone')
    throw new ApiHttpError(400, SPEC_MESSAGES.duplicatePhone, { phone: SPEC_MESSAGES.duplicatePhone });
  throw error;
}

/** @throws ApiHttpError 400 (spec §8) when a user other than `exceptId` has this e-mail or phone. */
async function assertFree(
  db: Db,
  email: string | null | undefined,
  phone: string | null | undefined,
  exceptId?: number,
) {
  if (email) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (row && row.id !== exceptId)
      throw new ApiHttpError(400, SPEC_MESSAGES.duplicateEmail, { email: SPEC_MESSAGES.duplicateEmail });
  }
  if (phone) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    if (row && row.id !== exceptId)
      throw new ApiHttpError(400, SPEC_MESSAGES.duplicatePhone, { phone: SPEC_MESSAGES.duplicatePhone });
  }
}

/**
 * Registers a user (spec §3 payload of POST /v1/sign_in/): the full name split into its parts, the
 * password hashed with argon2id, the consents of the form recorded with `evidence` in the same
 * transaction (issue #29).
 * @throws ApiHttpError 400 with the spec §8 message when the e-mail or phone is taken (also by a
 * concurrent registration, caught by the unique index).
 */
export async function registerUser(
  db: Db,
  body: z.output<typeof SignInBody>,
  evidence: ConsentEvidence = { clientAddress: '', userAgent: '' },
): Promise<UserRow> {
  const parts = splitFullName(body.full_name)!;
  await assertFree(db, body.email, body.phone);
  const passwordHash = await hashPassword(body.password_one);
  try {
    // Issue #29: the account and its consents (152-ФЗ art. 9; 38-ФЗ art. 18 when ticked) together.
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          phone: body.phone,
          lastName: parts.last_name,
          firstName: parts.first_name,
          middleName: parts.middle_name,
          passwordHash,
        })
        .returning();
      await recordConsents(tx, {
        userId: user!.id,
        subject: consentSubject({ userId: user!.id }),
        documents: body.advertising_consent ? ['personal-data', 'advertising'] : ['personal-data'],
        form: 'registration',
        evidence,
      });
      return user!;
    });
  } catch (error) {
    rethrowDuplicate(error);
  }
}

/**
 * Completes the account of a social login (spec §2/§4 complete-registration popup, §5 rules;
 * issue #34 item 7): a user created by VK ID without a password gets the full name's three parts,
 * e-mail, phone and a password, and the personal data consent is recorded as at registration.
 * @throws ApiHttpError 400 {@link ACCOUNT_MESSAGES.registrationComplete} when the user already has
 *   a password (their data changes in the profile), or with the spec §8 duplicate message when the
 *   e-mail or phone belongs to another user.
 */
export async function completeSocialRegistration(
  db: Db,
  user: UserRow,
  body: z.output<typeof SignInBody>,
  evidence: ConsentEvidence = { clientAddress: '', userAgent: '' },
): Promise<UserRow> {
  if (user.passwordHash !== null) throw new ApiHttpError(400, ACCOUNT_MESSAGES.registrationComplete);
  const parts = splitFullName(body.full_name)!;
  await assertFree(db, body.email, body.phone, user.id);
  const passwordHash = await hashPassword(body.password_one);
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          email: body.email,
          ...(body.phone ? { phone: body.phone } : {}),
          lastName: parts.last_name,
          firstName: parts.first_name,
          middleName: parts.middle_name,
          passwordHash,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, user.id), isNull(users.passwordHash)))
        .returning();
      if (!updated) throw new ApiHttpError(400, ACCOUNT_MESSAGES.registrationComplete);
      await recordConsents(tx, {
        userId: user.id,
        subject: consentSubject({ userId: user.id }),
        documents: body.advertising_consent ? ['personal-data', 'advertising'] : ['personal-data'],
        form: 'registration',
        evidence,
      });
      return updated;
    });
  } catch (error) {
    if (error instanceof ApiHttpError) throw error;
    rethrowDuplicate(error);
  }
}

/**
 * Saves the personal data of PUT /v1/changeinfo/: `full_name` is split into its parts, the
 * separate name fields, e-mail, phone and newsletter flag overwrite them when present; ticking or
 * unticking the newsletter flag records or withdraws the advertising consent (issue #29).
 * @throws ApiHttpError 400 with the spec §8 message when the e-mail or phone belongs to another user.
 */
export async function updateProfile(
  db: Db,
  user: UserRow,
  body: z.output<typeof ChangeInfoBody>,
  evidence: ConsentEvidence = { clientAddress: '', userAgent: '' },
): Promise<UserRow> {
  const parts = body.full_name ? splitFullName(body.full_name)! : null;
  await assertFree(db, body.email, body.phone, user.id);
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (parts)
    Object.assign(patch, { lastName: parts.last_name, firstName: parts.first_name, middleName: parts.middle_name });
  if (body.last_name !== undefined) patch.lastName = body.last_name;
  if (body.first_name !== undefined) patch.firstName = body.first_name;
  if (body.middle_name !== undefined) patch.middleName = body.middle_name;
  if (body.email !== undefined) patch.email = body.email;
  if ('phone' in body && body.phone !== undefined) patch.phone = body.phone;
  if (body.subscribed !== undefined) patch.subscribed = body.subscribed;
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx.update(users).set(patch).where(eq(users.id, user.id)).returning();
      // Issue #29 (38-ФЗ art. 18): the profile's newsletter box gives or withdraws the advertising consent.
      if (body.subscribed === true && !user.subscribed)
        await recordConsents(tx, {
          userId: user.id,
          subject: consentSubject({ userId: user.id }),
          documents: ['advertising'],
          form: 'profile',
          evidence,
        });
      if (body.subscribed === false && user.subscribed)
        await withdrawConsents(tx, { userId: user.id }, 'profile', 'advertising');
      return updated!;
    });
  } catch (error) {
    rethrowDuplicate(error);
  }
}
