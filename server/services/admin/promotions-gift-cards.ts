/**
 * Gift certificates in the console (issue #32): find one by code, see its balance and history
 * (every spend and refund of `gift_card_transactions`), issue a new one (a random code of
 * server/services/gift-cards.ts, balance = face value), change its end date, and block or unblock
 * it. A blocked certificate pays nothing at checkout (gift-cards.ts `GIFT_CARD_BLOCKED`); its
 * balance stays as it was. Each change is audited in its transaction; the gift-card pages of the
 * storefront show nominals, not issued certificates, so no change event is needed.
 */
import { desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AdminGiftCard, AdminGiftCardInput, AdminGiftCardUpdate } from '@/lib/api/contract/admin/promotions';
import { giftCards, giftCardTransactions } from '../../db/schema';
import { ApiHttpError, sqlStateOf } from '../../http';
import { newGiftCode } from '../gift-cards';
import type { Audit, CrudResource } from './content-crud';
import type { Db } from '../../db/client';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Movements shown per certificate (newest first). */
const HISTORY = 100;

export const giftCardResource: CrudResource<typeof giftCards.$inferSelect, AdminGiftCard, never> = {
  entity: 'gift-cards',
  table: giftCards,
  idColumn: giftCards.id,
  toRecord: (r) => ({
    id: r.id,
    code: r.code,
    amount: r.amount,
    balance: r.balance,
    expiresAt: iso(r.expiresAt),
    createdAt: r.createdAt.toISOString(),
    purchaseOrderId: r.purchaseOrderId,
    blocked: r.blockedAt !== null,
    blockedAt: iso(r.blockedAt),
    history: [],
  }),
  toValues: () => ({}),
  enrich: async (db, records) => {
    if (records.length === 0) return records;
    const moves = await (db as Db)
      .select()
      .from(giftCardTransactions)
      .where(
        inArray(
          giftCardTransactions.giftCardId,
          records.map((r) => r.id),
        ),
      )
      .orderBy(desc(giftCardTransactions.createdAt), desc(giftCardTransactions.id))
      .limit(HISTORY * records.length);
    return records.map((r) => ({
      ...r,
      history: moves
        .filter((m) => m.giftCardId === r.id)
        .slice(0, HISTORY)
        .map((m) => ({ at: m.createdAt.toISOString(), amount: m.amount, orderId: m.orderId })),
    }));
  },
  sortable: {
    id: giftCards.id,
    createdAt: giftCards.createdAt,
    balance: giftCards.balance,
    amount: giftCards.amount,
    expiresAt: giftCards.expiresAt,
  },
  search: [giftCards.code],
  filters: {
    blocked: (v) => (v === true || v === 'true' ? isNotNull(giftCards.blockedAt) : isNull(giftCards.blockedAt)),
  },
  tags: () => [],
  notFound: 'Сертификат не найден',
  conflict: 'Такой код сертификата уже есть',
};

async function recordOf(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], id: number): Promise<AdminGiftCard> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id)).limit(1);
  if (!row) throw new ApiHttpError(404, giftCardResource.notFound);
  return (await giftCardResource.enrich!(db, [giftCardResource.toRecord(row)]))[0]!;
}

/** Issues a certificate of `amount` rubles (audit "create"). A code collision is retried. */
export async function issueGiftCard(db: Db, audit: Audit, input: AdminGiftCardInput): Promise<AdminGiftCard> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(giftCards)
          .values({
            code: newGiftCode(),
            amount: input.amount,
            balance: input.amount,
            expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          })
          .returning();
        const after = await recordOf(tx, row!.id);
        await audit(tx, { action: 'create', entity: 'gift-cards', entityId: String(row!.id), before: null, after });
        return after;
      });
    } catch (error) {
      if (sqlStateOf(error) !== '23505' || attempt >= 3) throw error;
    }
  }
}

/**
 * Changes a certificate's end date and, when given, its block (audit "update" / "block" / "unblock").
 * @throws ApiHttpError 404 for an unknown certificate.
 */
export async function updateGiftCard(
  db: Db,
  audit: Audit,
  id: number,
  input: AdminGiftCardUpdate,
): Promise<AdminGiftCard> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for('update');
    if (!old) throw new ApiHttpError(404, giftCardResource.notFound);
    const before = await recordOf(tx, id);
    const blockedAt =
      input.blocked === undefined ? old.blockedAt : input.blocked ? (old.blockedAt ?? sql`now()`) : null;
    await tx
      .update(giftCards)
      .set({ expiresAt: input.expiresAt ? new Date(input.expiresAt) : null, blockedAt })
      .where(eq(giftCards.id, id));
    const after = await recordOf(tx, id);
    const action = before.blocked === after.blocked ? 'update' : after.blocked ? 'block' : 'unblock';
    await audit(tx, { action, entity: 'gift-cards', entityId: String(id), before, after });
    return after;
  });
}

/** Blocks a certificate (`POST /gift-cards/{id}/block`); blocking a blocked one changes nothing. */
export async function blockGiftCard(db: Db, audit: Audit, id: number): Promise<AdminGiftCard> {
  const current = await recordOf(db, id);
  return updateGiftCard(db, audit, id, { expiresAt: current.expiresAt, blocked: true });
}
