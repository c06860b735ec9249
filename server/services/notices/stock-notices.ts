/**
 * Back in stock for a size (issue #33 item 2, docs/notices.md).
 *
 * 1. `subscribeStockNotice` (POST /v1/stock-notices/): a sold-out size and an address. A signed-in
 *    shopper's own address is confirmed at once; any other address (a guest's) gets a confirmation
 *    mail first, as the newsletter's double opt-in does (server/services/newsletter.ts).
 * 2. `confirmStockNotice` (POST /v1/stock-notices/confirm/): spends the mailed token.
 * 3. The trigger `stock_notices_due` of migration 0017 marks confirmed subscriptions due when their
 *    size's stock goes from 0 to more than 0, whoever changed it; the change events' round
 *    (server/services/change-events.ts) then calls `sendDueStockNotices`, which claims due rows
 *    atomically (so two rounds, two events or two API instances send one mail), mails each address
 *    once with all its sizes of the round, and ends those subscriptions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOTICE_MESSAGES, type StockNoticeItem } from '@/lib/api/contract/notices';
import { rows, type Db } from '../../db/client';
import { stockNotices } from '../../db/schema';
import { serverEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { consentSubject, recordConsents, type ConsentEvidence } from '../consent';
import { logError } from '../log';
import { sendMail } from '../mail';
import { backInStockMail, stockNoticeConfirmationMail, type BackInStockLine } from '../notice-mail';

/** Lifetime of a guest's confirmation link, hours. */
export const NOTICE_CONFIRM_TTL_HOURS = 48;
/** Open subscriptions one address or account may hold. */
export const NOTICES_PER_ADDRESS = 50;

const newToken = () => randomBytes(32).toString('base64url');
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

interface FeatureInfo {
  id: number;
  ext_id: string;
  kind: string;
  size: string;
  stock: number;
  product_id: number;
  name: string;
  brand: string;
  color: string;
  price: string | number;
  path: string;
  image: string | null;
}

/** Product, colour and size of features, with the product page path (no query). */
async function describeFeatures(db: Pick<Db, 'execute'>, where: ReturnType<typeof sql>): Promise<FeatureInfo[]> {
  return rows<FeatureInfo>(
    db,
    sql`select f.id, f.ext_id, f.kind, f.name as size, f.stock, p.id as product_id, p.name, b.name as brand,
               col.name as color, p.price, '/' || cat.path || '/' || p.id || '/' || p.slug as path,
               (select i.url from product_images i where i.product_id = p.id order by i.is_main desc, i.sort, i.id limit 1) as image
        from offer_features f join offers o on o.id = f.offer_id join products p on p.id = o.product_id
        join brands b on b.id = p.brand_id join colors col on col.id = o.color_id join categories cat on cat.id = p.category_id
        where ${where}`,
  );
}

/** The product page with the size chosen, as features/product/utils/initial-selection.ts reads it. */
export function sizeLink(feature: Pick<FeatureInfo, 'path' | 'kind' | 'ext_id'>): string {
  const param = feature.kind === 'top' ? 'top' : feature.kind === 'bottom' ? 'bottom' : 'size';
  return `${feature.path}?${param}=${encodeURIComponent(feature.ext_id)}`;
}

/** Who asks: the signed-in shopper (id and account e-mail) or nobody. */
export interface NoticeActor {
  userId: number | null;
  userEmail: string | null;
}

/**
 * Step 1 (see the module docstring): records a subscription for the sold-out size `featureExtId`
 * and the 152-ФЗ consent of the form in one transaction; mails the confirmation link when the
 * address is not the shopper's own and `mayMail` (the per-address mail limit is not used up).
 * Repeating it for an open subscription changes nothing but a new link.
 * @returns `confirmed` (no mail needed) and the token mailed (tests read it; never answered).
 * @throws ApiHttpError 400 unknown size, 409 the size is in stock, 400 too many subscriptions,
 *   503 the mail could not be sent (its link is then never valid).
 */
export async function subscribeStockNotice(
  db: Db,
  actor: NoticeActor,
  input: { featureExtId: string; email: string },
  options: { evidence: ConsentEvidence; mayMail: boolean },
): Promise<{ confirmed: boolean; token: string | null }> {
  const [feature] = await describeFeatures(db, sql`f.ext_id = ${input.featureExtId}`);
  if (!feature) throw new ApiHttpError(400, NOTICE_MESSAGES.sizeUnknown, { feature: NOTICE_MESSAGES.sizeUnknown });
  if (feature.stock > 0) throw new ApiHttpError(409, NOTICE_MESSAGES.inStock);
  const own = actor.userId !== null && actor.userEmail !== null && actor.userEmail.toLowerCase() === input.email;
  const token = own ? null : newToken();
  const confirmed = await db.transaction(async (tx) => {
    const [count] = await rows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from stock_notices where sent_at is null and (email = ${input.email}${
        actor.userId ? sql` or user_id = ${actor.userId}` : sql``
      })`,
    );
    const [existing] = await tx
      .select()
      .from(stockNotices)
      .where(
        and(eq(stockNotices.featureId, feature.id), eq(stockNotices.email, input.email), isNull(stockNotices.sentAt)),
      )
      .for('update');
    if (!existing && Number(count?.n ?? 0) >= NOTICES_PER_ADDRESS)
      throw new ApiHttpError(400, `Не более ${NOTICES_PER_ADDRESS} подписок на поступление на один адрес`);
    const now = new Date();
    const expires = new Date(now.getTime() + NOTICE_CONFIRM_TTL_HOURS * 3_600_000);
    const isConfirmed = own || existing?.confirmedAt != null;
    const values = {
      userId: existing?.userId ?? actor.userId,
      confirmedAt: existing?.confirmedAt ?? (own ? now : null),
      confirmTokenHash: isConfirmed || !options.mayMail ? (existing?.confirmTokenHash ?? null) : digest(token!),
      confirmExpiresAt: isConfirmed || !options.mayMail ? (existing?.confirmExpiresAt ?? null) : expires,
    };
    if (isConfirmed) {
      values.confirmTokenHash = null;
      values.confirmExpiresAt = null;
    }
    if (existing) await tx.update(stockNotices).set(values).where(eq(stockNotices.id, existing.id));
    else await tx.insert(stockNotices).values({ featureId: feature.id, email: input.email, ...values });
    // 152-ФЗ art. 9: the form's own consent to process the address for this notice.
    await recordConsents(tx, {
      userId: actor.userId,
      subject: consentSubject({ userId: actor.userId, email: input.email }),
      documents: ['personal-data'],
      form: 'subscription',
      evidence: options.evidence,
    });
    return isConfirmed;
  });
  if (confirmed || !options.mayMail) return { confirmed, token: null };
  try {
    await sendMail(
      stockNoticeConfirmationMail(
        input.email,
        { name: feature.name, size: feature.size },
        `${serverEnv.SITE_URL}/notify/confirm/${token}`,
        NOTICE_CONFIRM_TTL_HOURS,
      ),
    );
  } catch (error) {
    await db
      .update(stockNotices)
      .set({ confirmTokenHash: null, confirmExpiresAt: null })
      .where(eq(stockNotices.confirmTokenHash, digest(token!)));
    logError('notices', 'confirmation mail', error);
    throw new ApiHttpError(503, 'Не удалось отправить письмо. Попробуйте позже');
  }
  return { confirmed: false, token };
}

/**
 * Step 2: confirms the subscription of a mailed token. A size that came back meanwhile is mailed
 * right away (`sendDueStockNotices`).
 * @throws ApiHttpError 400 {@link NOTICE_MESSAGES.confirmInvalid} for an unknown, used or expired token.
 */
export async function confirmStockNotice(db: Db, token: string): Promise<void> {
  const [row] = await db
    .update(stockNotices)
    .set({
      confirmedAt: sql`now()`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      // The trigger only sees changes after this moment: a size already back is due now.
      dueAt: sql`case when (select stock from offer_features where id = ${stockNotices.featureId}) > 0 then now() else null end`,
    })
    .where(
      and(
        eq(stockNotices.confirmTokenHash, digest(token)),
        isNull(stockNotices.sentAt),
        sql`${stockNotices.confirmExpiresAt} > now()`,
      ),
    )
    .returning({ dueAt: stockNotices.dueAt });
  if (!row) throw new ApiHttpError(400, NOTICE_MESSAGES.confirmInvalid);
  if (row.dueAt) await sendDueStockNotices(db);
}

/** The open subscriptions of a shopper (their account or their account's address), newest first. */
export async function listStockNotices(db: Db, userId: number, email: string | null): Promise<StockNoticeItem[]> {
  const own = await db
    .select()
    .from(stockNotices)
    .where(
      and(
        isNull(stockNotices.sentAt),
        email
          ? sql`(${stockNotices.userId} = ${userId} or ${stockNotices.email} = ${email.toLowerCase()})`
          : eq(stockNotices.userId, userId),
      ),
    )
    .orderBy(sql`${stockNotices.createdAt} desc, ${stockNotices.id} desc`);
  if (own.length === 0) return [];
  const features = await describeFeatures(db, inArray(sql`f.id`, [...new Set(own.map((n) => n.featureId))]));
  const byId = new Map(features.map((f) => [f.id, f]));
  return own.flatMap((n) => {
    const f = byId.get(n.featureId);
    if (!f) return [];
    return [
      {
        id: n.id,
        product_id: f.product_id,
        name: f.name,
        brand: f.brand,
        color: f.color,
        size: f.size,
        path: sizeLink(f),
        image: f.image ?? '',
        email: n.email,
        confirmed: n.confirmedAt !== null,
        created_at: n.createdAt.toISOString(),
      },
    ];
  });
}

/** Removes one open subscription of the shopper; another's or an unknown id changes nothing. */
export async function removeStockNotice(db: Db, userId: number, email: string | null, id: number): Promise<void> {
  await db
    .delete(stockNotices)
    .where(
      and(
        eq(stockNotices.id, id),
        isNull(stockNotices.sentAt),
        email
          ? sql`(${stockNotices.userId} = ${userId} or ${stockNotices.email} = ${email.toLowerCase()})`
          : eq(stockNotices.userId, userId),
      ),
    );
}

/** Due rows claimed per call; the next round takes the rest. */
const SEND_BATCH = 500;

/**
 * Step 3: mails every due subscription whose size is in stock now, one mail per address with all
 * its sizes, and ends them (`sent_at`). The claim is one conditional UPDATE, so concurrent calls
 * (two rounds, two instances) never mail a row twice. A size sold out again before the mail is
 * sent waits for its next return (`due_at` cleared). A failed mail gives its rows back for the
 * next round.
 * @returns the number of mails sent.
 */
export async function sendDueStockNotices(db: Db): Promise<number> {
  await db.execute(
    sql`update stock_notices n set due_at = null from offer_features f
        where f.id = n.feature_id and n.sent_at is null and n.due_at is not null and f.stock <= 0`,
  );
  const claimed = await rows<{ id: number; email: string; feature_id: number }>(
    db,
    sql`update stock_notices set sent_at = now()
        where id in (select n.id from stock_notices n where n.sent_at is null and n.due_at is not null
                     order by n.id limit ${SEND_BATCH} for update skip locked)
          and sent_at is null
        returning id, email, feature_id`,
  );
  if (claimed.length === 0) return 0;
  const features = await describeFeatures(db, inArray(sql`f.id`, [...new Set(claimed.map((c) => c.feature_id))]));
  const byId = new Map(features.map((f) => [f.id, f]));
  const byEmail = new Map<string, typeof claimed>();
  for (const row of claimed) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
  let sent = 0;
  for (const [email, own] of byEmail) {
    const lines: BackInStockLine[] = own.flatMap((row) => {
      const f = byId.get(row.feature_id);
      return f
        ? [
            {
              name: f.name,
              brand: f.brand,
              color: f.color,
              size: f.size,
              price: Number(f.price),
              url: `${serverEnv.SITE_URL}${sizeLink(f)}`,
            },
          ]
        : [];
    });
    if (lines.length === 0) continue;
    try {
      await sendMail(backInStockMail(email, lines));
      sent += 1;
    } catch (error) {
      logError('notices', 'back-in-stock mail', error);
      await db
        .update(stockNotices)
        .set({ sentAt: null })
        .where(
          inArray(
            stockNotices.id,
            own.map((row) => row.id),
          ),
        );
    }
  }
  return sent;
}
