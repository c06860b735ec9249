/**
 * The newsletter with double opt-in (spec §7 Subscription as changed by issue #12 item 7: state
 * changes only by POST, and an address is subscribed only after its owner confirms from a mail).
 *
 * Flow:
 * 1. `requestSubscription` (POST /v1/subscribe/ {email}): makes sure a subscriber row exists
 *    (inactive when new; an active one stays active), stores the SHA-256 of a fresh random token
 *    (single use, CONFIRM_TTL_HOURS) and mails `${SITE_URL}/subscribe/confirm/<token>` plus the
 *    subscriber's `${SITE_URL}/unsubscribe/<unsubscribe_token>`. Already subscribed or not, the
 *    caller answers the same, so the endpoint does not reveal who is subscribed.
 * 2. `confirmSubscription` (POST /v1/subscribe/confirm/ {token}): spends the token and activates
 *    the subscriber (confirmed_at = now); every other open link of the address dies with it.
 * 3. `unsubscribeByToken` (POST /v1/unsubscribe/ {token}): deactivates the subscriber of that
 *    token and kills its open confirmation links; repeating it is harmless.
 *
 * The account's `users.subscribed` flag (the profile checkbox, PUT /v1/changeinfo/) follows steps
 * 2 and 3 for the account with the same e-mail, so the profile shows what the mails did.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';
import { subscriptionConfirmations, subscriptions, users } from '../db/schema';
import { serverEnv } from '../env';
import { ApiHttpError } from '../http';
import { consentSubject, recordConsents, withdrawConsents, type ConsentEvidence } from './consent';
import { logError } from './log';
import { sendMail } from './mail';
import { subscriptionConfirmationMail } from './newsletter-mail';
import type { Db } from '../db/client';

/** Lifetime of a confirmation link, hours. */
export const CONFIRM_TTL_HOURS = 48;

const newToken = () => randomBytes(32).toString('base64url');
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Step 1: records a subscription request for `email` (lowercased by the contract) — with `consent`,
 * the form's consents in the same transaction (issue #29) — and, when `sendConfirmation` is true,
 * mails the confirmation link. With `sendConfirmation` false (the
 * per-address mail limit is used up) nothing but the subscriber row is written.
 * @returns the confirmation token when one was mailed (tests read it; callers must not answer it).
 * @throws ApiHttpError 503 when the mail could not be sent (the link is then never valid).
 */
export async function requestSubscription(
  db: Db,
  email: string,
  sendConfirmation: boolean,
  consent?: ConsentEvidence,
): Promise<string | null> {
  await db.transaction(async (tx) => {
    await tx
      .insert(subscriptions)
      .values({ email, active: false, unsubscribeToken: newToken() })
      .onConflictDoNothing({ target: subscriptions.email });
    // Issue #29: the form's personal data box, and the subscription itself as the advertising
    // consent (38-ФЗ art. 18); mail goes only to addresses confirmed from the mailbox.
    if (consent)
      await recordConsents(tx, {
        subject: consentSubject({ email }),
        documents: ['personal-data', 'advertising'],
        form: 'subscription',
        evidence: consent,
      });
  });
  if (!sendConfirmation) return null;
  const [subscriber] = await db
    .select({ unsubscribeToken: subscriptions.unsubscribeToken })
    .from(subscriptions)
    .where(eq(subscriptions.email, email))
    .limit(1);
  const token = newToken();
  const [row] = await db
    .insert(subscriptionConfirmations)
    .values({ email, tokenHash: digest(token), expiresAt: new Date(Date.now() + CONFIRM_TTL_HOURS * 3_600_000) })
    .returning({ id: subscriptionConfirmations.id });
  const site = serverEnv.SITE_URL;
  const links = {
    confirm: `${site}/subscribe/confirm/${token}`,
    unsubscribe: `${site}/unsubscribe/${subscriber!.unsubscribeToken}`,
  };
  try {
    await sendMail(subscriptionConfirmationMail(email, links, CONFIRM_TTL_HOURS));
  } catch (error) {
    // A link nobody received must not stay valid; the error is logged without the address.
    await db
      .update(subscriptionConfirmations)
      .set({ usedAt: new Date() })
      .where(eq(subscriptionConfirmations.id, row!.id));
    console.error('[newsletter] confirmation mail failed', (error as Error)?.name ?? 'Error');
    throw new ApiHttpError(503, 'Не удалось отправить письмо. Попробуйте позже');
  }
  return token;
}

/**
 * Step 2: confirms the subscription of a mailed token, in one transaction.
 * @throws ApiHttpError 400 {@link NEWSLETTER_MESSAGES.confirmInvalid} when the token is unknown,
 *   used or expired (nothing changes then).
 */
export async function confirmSubscription(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx
      .update(subscriptionConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(subscriptionConfirmations.tokenHash, digest(token)),
          isNull(subscriptionConfirmations.usedAt),
          gt(subscriptionConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning({ email: subscriptionConfirmations.email });
    if (!spent) throw new ApiHttpError(400, NEWSLETTER_MESSAGES.confirmInvalid);
    await tx
      .insert(subscriptions)
      .values({ email: spent.email, active: true, confirmedAt: now, unsubscribeToken: newToken() })
      .onConflictDoUpdate({ target: subscriptions.email, set: { active: true, confirmedAt: now, updatedAt: now } });
    await tx
      .update(subscriptionConfirmations)
      .set({ usedAt: now })
      .where(and(eq(subscriptionConfirmations.email, spent.email), isNull(subscriptionConfirmations.usedAt)));
    await tx.update(users).set({ subscribed: true, updatedAt: now }).where(eq(users.email, spent.email));
  });
}

/**
 * Step 3: unsubscribes the subscriber of an unsubscribe token, in one transaction. Idempotent:
 * an already inactive subscriber answers the same.
 * @throws ApiHttpError 400 {@link NEWSLETTER_MESSAGES.unsubscribeInvalid} for an unknown token.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(subscriptions)
      .set({ active: false, updatedAt: now })
      .where(eq(subscriptions.unsubscribeToken, token))
      .returning({ email: subscriptions.email });
    if (!row) throw new ApiHttpError(400, NEWSLETTER_MESSAGES.unsubscribeInvalid);
    // Issue #29 (38-ФЗ art. 18 part 1): the advertising consent of the address, and of the account
    // with that address, ends here.
    const accounts = await tx.select({ id: users.id }).from(users).where(eq(users.email, row.email));
    await withdrawConsents(
      tx,
      { subjects: [consentSubject({ email: row.email }), ...accounts.map((a) => consentSubject({ userId: a.id }))] },
      'unsubscribe-link',
      'advertising',
    );
    // The owner said no: a link someone else requested for this address must not undo that.
    await tx
      .update(subscriptionConfirmations)
      .set({ usedAt: now })
      .where(and(eq(subscriptionConfirmations.email, row.email), isNull(subscriptionConfirmations.usedAt)));
    await tx.update(users).set({ subscribed: false, updatedAt: now }).where(eq(users.email, row.email));
  });
}

/**
 * Starts the double opt-in for the advertising box of registration or checkout (issue #29): the
 * consent itself was recorded with the account or the order; this mails the confirmation link. A
 * failure is logged, never the caller's: the account or order is already made.
 */
export async function startSubscription(db: Db, email: string): Promise<void> {
  try {
    await requestSubscription(db, email, true);
  } catch (error) {
    logError('newsletter', 'confirmation after a form', error);
  }
}
