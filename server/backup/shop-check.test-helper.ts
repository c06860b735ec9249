/**
 * What the backup and crash tests (issue #31 item 4) read from a shop's database: a digest of
 * every table and sequence, whether every order is whole, and where each piece of stock is.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';

type Exec = Pick<Db, 'execute'>;

/** Rows and an MD5 of the rows' text, in text order, of one table; a sequence's last value. */
export type Digest = { rows: number; md5: string };

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * Every user table of the database (schema.table → rows and content hash) and every sequence
 * (schema.sequence → its last value as `rows`, so a restored shop goes on numbering orders where
 * the copy stopped).
 */
export async function tableDigests(db: Exec): Promise<Record<string, Digest>> {
  const out: Record<string, Digest> = {};
  const tables = await rows<{ s: string; t: string }>(
    db,
    sql`select table_schema as s, table_name as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  for (const { s, t } of tables) {
    const [d] = await rows<{ n: number; h: string }>(
      db,
      sql`select count(*)::int as n, coalesce(md5(string_agg(x::text, E'\n' order by x::text)), '') as h
          from ${ident(s)}.${ident(t)} x`,
    );
    out[`${s}.${t}`] = { rows: Number(d!.n), md5: d!.h };
  }
  const sequences = await rows<{ s: string; q: string }>(
    db,
    sql`select sequence_schema as s, sequence_name as q from information_schema.sequences order by 1, 2`,
  );
  for (const { s, q } of sequences) {
    const [v] = await rows<{ v: string; c: boolean }>(
      db,
      sql`select last_value::text as v, is_called as c from ${ident(s)}.${ident(q)}`,
    );
    out[`${s}.${q} (sequence)`] = { rows: Number(v!.v), md5: String(v!.c) };
  }
  return out;
}

/** Half-written traces: each count must be 0 in a whole database. */
export interface OrderIntegrity {
  orders: number;
  ordersWithoutLines: number;
  ordersWithoutHistory: number;
  linesWithoutOrder: number;
  historyWithoutOrder: number;
  paymentsWithoutOrder: number;
}

/** Counts orders and the ways they could be half written (see {@link OrderIntegrity}). */
export async function orderIntegrity(db: Exec): Promise<OrderIntegrity> {
  const [r] = await rows<Record<keyof OrderIntegrity, number>>(
    db,
    sql`select
      (select count(*)::int from orders) as "orders",
      (select count(*)::int from orders o where not exists (select 1 from order_items i where i.order_id = o.id)) as "ordersWithoutLines",
      (select count(*)::int from orders o where not exists (select 1 from order_status_history h where h.order_id = o.id)) as "ordersWithoutHistory",
      (select count(*)::int from order_items i where not exists (select 1 from orders o where o.id = i.order_id)) as "linesWithoutOrder",
      (select count(*)::int from order_status_history h where not exists (select 1 from orders o where o.id = h.order_id)) as "historyWithoutOrder",
      (select count(*)::int from order_payments p where not exists (select 1 from orders o where o.id = p.order_id)) as "paymentsWithoutOrder"`,
  );
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as unknown as OrderIntegrity;
}

/** Pieces of the sizes `featureIds`: on sale now, held by unpaid orders, sold (paid orders). */
export interface StockSplit {
  available: number;
  reserved: number;
  sold: number;
}

/** Where the pieces of `featureIds` are (cancelled orders gave theirs back). */
export async function stockSplit(db: Exec, featureIds: number[]): Promise<StockSplit> {
  const ids = sql.join(
    featureIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [r] = await rows<{ available: number; reserved: number; sold: number }>(
    db,
    sql`select
      (select coalesce(sum(stock), 0)::int from offer_features where id in (${ids})) as available,
      (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
        where i.feature_id in (${ids}) and o.status <> 'cancelled' and o.payment_status <> 'paid') as reserved,
      (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
        where i.feature_id in (${ids}) and o.status <> 'cancelled' and o.payment_status = 'paid') as sold`,
  );
  return { available: Number(r!.available), reserved: Number(r!.reserved), sold: Number(r!.sold) };
}

/** A size the tests sell: its offer_features id, its offer and the ext_id an order names it by. */
export interface TestSize {
  id: number;
  offerId: number;
  extId: string;
}

/**
 * Picks `count` sizes of different offers and sets each one's stock to `stock` pieces.
 * @returns the sizes and Moscow's city id (for the delivery of an order).
 */
export async function prepareSizes(db: Db, count: number, stock: number): Promise<{ sizes: TestSize[]; city: number }> {
  const sizes = await rows<{ id: number; offerId: number; extId: string }>(
    db,
    sql`select distinct on (offer_id) id, offer_id as "offerId", ext_id as "extId" from offer_features
        where kind = 'size' order by offer_id, id limit ${count}`,
  );
  if (sizes.length < count) throw new Error(`only ${sizes.length} sized offers seeded`);
  await db.execute(
    sql`update offer_features set stock = ${stock} where id in (${sql.join(
      sizes.map((s) => sql`${s.id}`),
      sql`, `,
    )})`,
  );
  const [city] = await rows<{ id: number }>(db, sql`select id from cities where name = 'Москва' limit 1`);
  return { sizes: sizes.map((s) => ({ ...s, id: Number(s.id), offerId: Number(s.offerId) })), city: Number(city!.id) };
}

/**
 * The body of guest order number `n` (spec §7 POST /v1/order/): one piece each of two of `sizes`
 * (n-th and next), courier to Moscow, card payment, personal data consent given.
 */
export function twoLineOrder(sizes: TestSize[], city: number, n: number) {
  const a = sizes[n % sizes.length]!;
  const b = sizes[(n + 1) % sizes.length]!;
  return {
    contact: { fio: 'Петрова Мария Ивановна', email: `buyer${n}@example.ru`, phone: '+7(916)-123-45-67' },
    delivery: {
      method: 'courier',
      city_id: city,
      street: 'Тверская',
      house: '12',
      apartment: '45',
      postcode: '125009',
    },
    items: [a, b].map((s) => ({ offer: s.offerId, feature: s.extId, quantity: 1 })),
    payment_method: 'card',
    personal_data_consent: true,
  };
}
