/**
 * Console sessions and staff passwords (issue #32, docs/operator-console.md "Sessions"): the
 * `admin_session` cookie holds 32 random bytes; only their SHA-256 is stored. A session ends
 * {@link SESSION_IDLE_MS} after its last request or {@link SESSION_ABSOLUTE_MS} after login,
 * whichever comes first; logout, a password change and disabling the account end it at once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { staff, staffSessions } from '../../db/schema';
import { digest } from '../auth';
import type { Db } from '../../db/client';

/** Name of the console's session cookie (contract "Auth"). */
export const ADMIN_COOKIE = 'admin_session';
/** A session unused this long ends (2 hours, ms). */
export const SESSION_IDLE_MS = 2 * 3_600_000;
/** A session ends this long after login whatever its use (12 hours, ms). */
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
// last_seen is written at most once a minute per session, not on every request.
const TOUCH_EVERY_MS = 60_000;

/** The stored staff row. */
export type StaffRow = typeof staff.$inferSelect;

/** Opens a session for a staff member. @returns the cookie token (shown once) and its absolute expiry. */
export async function openSession(db: Db, staffId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db
    .insert(staffSessions)
    .values({ tokenHash: digest(token), staffId, expiresAt, lastSeen: now, createdAt: now });
  return { token, expiresAt };
}

/**
 * The staff member of a live session (known, within both expiries, account not disabled), or null.
 * Touches `last_seen` (at most once a minute) so an active session stays open.
 */
export async function staffBySession(db: Db, token: string): Promise<{ staff: StaffRow; sessionId: number } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const idleSince = new Date(Date.now() - SESSION_IDLE_MS);
  const [row] = await db
    .select({ staff, sessionId: staffSessions.id, lastSeen: staffSessions.lastSeen })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, digest(token)),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeen, idleSince),
        eq(staff.disabled, false),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeen.getTime() > TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeen: new Date() }).where(eq(staffSessions.id, row.sessionId));
  }
  return { staff: row.staff, sessionId: row.sessionId };
}

/** Ends one session (logout). */
export async function closeSession(db: Db, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, digest(token)));
}

/** Ends every session of a staff member except `keepSessionId` (password change keeps the current one). */
export async function closeOtherSessions(db: Db, staffId: number, keepSessionId?: number): Promise<void> {
  await db
    .delete(staffSessions)
    .where(
      keepSessionId === undefined
        ? eq(staffSessions.staffId, staffId)
        : and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keepSessionId)),
    );
}
