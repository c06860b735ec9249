/**
 * Consents of issue #29 (docs/personal-data.md): 152-ФЗ art. 9 (consent to personal data
 * processing, a separate document since 1 September 2025, which the operator must be able to prove:
 * art. 9 part 3) and 38-ФЗ art. 18 (advertising mail only with the addressee's prior consent, which
 * ends when they say so).
 *
 * Every consent is a row of `consents`: who (`subject`: "user:<id>", else "email:<canonical
 * address>" or "phone:<digits>"), which document and its version (the `updated_at` of the info
 * page {@link CONSENT_PAGE_PATH}, ISO, so an edit of the text is a new version), the form, time,
 * the client address (server/services/client-address.ts) and the user agent. Rows are written in
 * the caller's transaction, together with what they accompany (the account, the order, the
 * message, the subscription), and never deleted: a withdrawal sets `withdrawn_at`/`withdrawn_via`.
 */
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { tryGetContext } from 'hono/context-storage';
import { CONSENT_PAGE_PATH } from '@/lib/messages/consent';
import { consents, infoPages, type ConsentDocument } from '../db/schema';
import { clientAddress } from './client-address';
import { canonicalEmail } from './customer-email';
import type { Db, Tx } from '../db/client';
import type { Context } from 'hono';

/** Forms that take consents (`consents.form`). */
export type ConsentForm = 'registration' | 'checkout' | 'subscription' | 'feedback' | 'profile' | 'review';
/** Ways a consent ends (`consents.withdrawn_via`). */
export type WithdrawalVia = 'unsubscribe-link' | 'profile' | 'account-deleted';

/** Where a consent came from: the client's address and browser, as the request showed them. */
export interface ConsentEvidence {
  clientAddress: string;
  userAgent: string;
}

/** No request (a CLI, a test calling a service): nothing to record but the time. */
const NO_EVIDENCE: ConsentEvidence = { clientAddress: '', userAgent: '' };

/** The evidence of a request: the client address of the throttles and the User-Agent (≤ 300 characters). */
export function consentEvidence(c: Context): ConsentEvidence {
  return {
    clientAddress: clientAddress(c).slice(0, 100),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
  };
}

/**
 * The evidence of the request being handled (hono/context-storage, set up in server/app.ts), for
 * services that are not handed the request; empty outside a request.
 */
export function currentEvidence(): ConsentEvidence {
  const c = tryGetContext();
  return c ? consentEvidence(c) : NO_EVIDENCE;
}

/** The subject of a consent: the account when there is one, else the canonical e-mail, else the phone digits. */
export function consentSubject(who: { userId?: number | null; email?: string | null; phone?: string | null }): string {
  if (who.userId) return `user:${who.userId}`;
  if (who.email) return `email:${canonicalEmail(who.email)}`;
  const digits = who.phone?.replace(/\D/g, '') ?? '';
  return digits ? `phone:${digits}` : 'unknown';
}

/**
 * The version of the consent text the shopper saw: the consent page's `updated_at`, ISO. Both
 * documents (personal data and advertising) are sections of that one page.
 */
export async function consentVersion(db: Pick<Db, 'select'>): Promise<string> {
  const [page] = await db
    .select({ updatedAt: infoPages.updatedAt })
    .from(infoPages)
    .where(eq(infoPages.path, CONSENT_PAGE_PATH))
    .limit(1);
  return page ? page.updatedAt.toISOString() : 'missing';
}

/** What {@link recordConsents} writes. */
export interface ConsentGrant {
  userId?: number | null;
  subject: string;
  documents: readonly ConsentDocument[];
  form: ConsentForm;
  evidence: ConsentEvidence;
}

/** Writes one row per document in the caller's transaction (see the module docstring). */
export async function recordConsents(tx: Tx | Db, grant: ConsentGrant): Promise<void> {
  if (grant.documents.length === 0) return;
  const version = await consentVersion(tx);
  await tx.insert(consents).values(
    grant.documents.map((document) => ({
      userId: grant.userId ?? null,
      subject: grant.subject,
      document,
      documentVersion: version,
      form: grant.form,
      clientAddress: grant.evidence.clientAddress,
      userAgent: grant.evidence.userAgent,
    })),
  );
}

/** Whose consents {@link withdrawConsents} ends: an account's, and/or subjects'. */
export interface ConsentOwner {
  userId?: number | null;
  subjects?: readonly string[];
}

/**
 * Marks the open consents of an owner withdrawn (all documents, or one), now, with `via`.
 * @returns how many rows it ended.
 */
export async function withdrawConsents(
  tx: Tx | Db,
  owner: ConsentOwner,
  via: WithdrawalVia,
  document?: ConsentDocument,
): Promise<number> {
  const who: SQL[] = [];
  if (owner.userId) who.push(eq(consents.userId, owner.userId));
  if (owner.subjects?.length) who.push(inArray(consents.subject, [...owner.subjects]));
  if (who.length === 0) return 0;
  const rows = await tx
    .update(consents)
    .set({ withdrawnAt: new Date(), withdrawnVia: via })
    .where(and(or(...who), isNull(consents.withdrawnAt), document ? eq(consents.document, document) : undefined))
    .returning({ id: consents.id });
  return rows.length;
}
