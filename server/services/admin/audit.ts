/**
 * The console's audit log (issue #32: every change is written — who, what, before/after, when).
 * Written inside the caller's transaction, so a change and its record are stored together or not
 * at all (docs/operator-console.md "Audit log").
 */
import { auditLog } from '../../db/schema';
import type { Db, Tx } from '../../db/client';

/** One audit record. `before`/`after` are the record's JSON (null for a create/delete side). */
export interface AuditEntry {
  /** The staff member who made the change; null for the CLI. */
  staffId: number | null;
  /** What was done: "create", "update", "delete", "status", "refund", "anonymise", "login", … */
  action: string;
  /** The console resource, e.g. "staff", "orders", "banners". */
  entity: string;
  /** The record's id (stringified), or null for a change without one. */
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

// Secrets never enter the log, whatever record a caller passes.
const SECRET_KEYS = new Set(['passwordHash', 'password', 'totpSecret', 'tokenHash', 'secret', 'current', 'next']);

function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  // Dates and other objects become their JSON form (jsonb takes plain values only).
  const plain = JSON.parse(JSON.stringify(value)) as unknown;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([k]) => !SECRET_KEYS.has(k))
          .map(([k, x]) => [k, walk(x)]),
      );
    }
    return v;
  };
  return walk(plain);
}

/**
 * Appends one record to the audit log, in `db` (pass the caller's transaction `tx`).
 * Password hashes, TOTP secrets and token hashes are dropped from `before`/`after`.
 * @returns the record's id.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      staffId: entry.staffId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: scrub(entry.before),
      after: scrub(entry.after),
    })
    .returning({ id: auditLog.id });
  return row!.id;
}
