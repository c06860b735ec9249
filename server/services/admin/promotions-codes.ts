/**
 * Promo codes in the console (issue #32): a {@link CrudResource} over `promo_codes` with each
 * code's use count — orders placed with it, cancelled ones left out, exactly what the total and
 * per-customer limits of server/services/promo.ts count. A code that was used cannot be deleted
 * (its uses would go with it and the limits would forget them): it is switched off instead.
 * Checkout reads the codes live (never cached), so no change event is needed.
 */
import { eq, sql } from 'drizzle-orm';
import type { AdminPromoCode, AdminPromoCodeInput } from '@/lib/api/contract/admin/promotions';
import { rows } from '../../db/client';
import { promoCodes } from '../../db/schema';
import { ApiHttpError } from '../../http';
import type { CrudResource } from './content-crud';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Uses of each code (non-cancelled orders), by code id. */
async function countUses(db: Parameters<NonNullable<CrudResource<never, never, never>['enrich']>>[0], ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const found = await rows<{ id: number; n: number }>(
    db,
    sql`select u.promo_code_id as id, count(*)::int as n from promo_code_uses u join orders o on o.id = u.order_id
        where o.status <> 'cancelled' and u.promo_code_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) group by u.promo_code_id`,
  );
  return new Map(found.map((r) => [Number(r.id), Number(r.n)]));
}

export const promoCodeResource: CrudResource<typeof promoCodes.$inferSelect, AdminPromoCode, AdminPromoCodeInput> = {
  entity: 'promo-codes',
  table: promoCodes,
  idColumn: promoCodes.id,
  toRecord: (r) => ({
    id: r.id,
    code: r.code,
    kind: r.percent !== null ? 'percent' : 'amount',
    percent: r.percent,
    amount: r.amount,
    minTotal: r.minTotal,
    validFrom: iso(r.validFrom),
    validUntil: iso(r.validUntil),
    active: r.active,
    description: r.description,
    firstOrderOnly: r.firstOrderOnly,
    perCustomerLimit: r.perCustomerLimit,
    usageLimit: r.usageLimit,
    uses: 0,
  }),
  toValues: ({ kind: _kind, validFrom, validUntil, ...rest }) => ({
    ...rest,
    validFrom: validFrom ? new Date(validFrom) : null,
    validUntil: validUntil ? new Date(validUntil) : null,
  }),
  enrich: async (db, records) => {
    const counts = await countUses(
      db,
      records.map((r) => r.id),
    );
    return records.map((r) => ({ ...r, uses: counts.get(r.id) ?? 0 }));
  },
  sortable: {
    id: promoCodes.id,
    code: promoCodes.code,
    validUntil: promoCodes.validUntil,
    validFrom: promoCodes.validFrom,
    active: promoCodes.active,
  },
  search: [promoCodes.code, promoCodes.description],
  filters: { active: (v) => eq(promoCodes.active, v === true || v === 'true') },
  tags: () => [],
  notFound: 'Промокод не найден',
  conflict: 'Такой промокод уже есть',
  beforeDelete: async (tx, row) => {
    const counts = await countUses(tx, [row.id]);
    if ((counts.get(row.id) ?? 0) > 0)
      throw new ApiHttpError(409, 'Промокодом уже воспользовались: выключите его вместо удаления');
  },
};
