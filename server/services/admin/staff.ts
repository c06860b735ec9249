/**
 * Staff accounts of the console (issue #32): creation (by the owner, the first owner by the CLI),
 * the wire record, and the TOTP second factor (RFC 6238 via `otpauth`, QR via `uqr`).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { renderSVG } from 'uqr';
import type { StaffRecord } from '@/lib/api/contract/admin/auth';
import { staff, type StaffRole } from '../../db/schema';
import { hashPassword } from '../auth';
import { recordAudit } from './audit';
import type { StaffRow } from './sessions';
import type { Db, Tx } from '../../db/client';

/** Issuer shown in the authenticator app. */
export const TOTP_ISSUER = 'Консоль магазина';

/** The wire record of the `staff` resource (no hash, no secret). */
export function toStaffRecord(row: StaffRow): StaffRecord {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    totpEnabled: row.totpEnabled,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The `me` / login answer. */
export function toMe(row: StaffRow) {
  return { id: row.id, login: row.login, name: row.name, role: row.role, totpEnabled: row.totpEnabled };
}

/** A random password for the CLI: 20 base64url characters (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * Creates a staff account and writes it to the audit log, in one transaction.
 * @param by the staff member creating it, null for the CLI.
 * @returns the row, or null when the login is taken.
 */
export async function createStaff(
  db: Db,
  input: { login: string; name: string; role: StaffRole; password: string },
  by: number | null,
): Promise<StaffRow | null> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .insert(staff)
      .values({ login: input.login.trim().toLowerCase(), name: input.name, role: input.role, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(tx, {
      staffId: by,
      action: 'create',
      entity: 'staff',
      entityId: row.id,
      after: toStaffRecord(row),
    });
    return row;
  });
}

/** The staff row by login (lowercased), or null. */
export async function staffByLogin(db: Db, login: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.login, login.trim().toLowerCase())).limit(1);
  return row ?? null;
}

function totpOf(secret: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new TOTP secret for a staff member: base32 secret, otpauth:// URL and its QR code as SVG. */
export function newTotp(login: string): { secret: string; otpauthUrl: string; qrSvg: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, login).toString();
  return { secret, otpauthUrl, qrSvg: renderSVG(otpauthUrl) };
}

/**
 * Checks a TOTP code against a secret, one 30 s step of clock drift either way.
 * @param lastStep the last step accepted for this account: that code and older ones are refused
 *   (a code seen by someone over the shoulder cannot be replayed, RFC 6238 §5.2).
 * @returns the step of the accepted code, or null.
 */
export function checkTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const delta = totpOf(secret, 'x').validate({ token: code, window: 1, timestamp: now });
  if (delta === null) return null;
  const step = Math.floor(now / 30_000) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** The current code of a secret (tests and the CLI's check). */
export function totpNow(secret: string, now = Date.now()): string {
  return totpOf(secret, 'x').generate({ timestamp: now });
}
