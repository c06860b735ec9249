/**
 * Handlers of the address book (spec §7 GET|POST|PUT /v1/user_address/, POST
 * /v1/user_address_delete/). Every query is scoped to the token's user: another user's address
 * is answered 404, exactly like a missing one (DESIGN.md "Auth and security").
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { AddressBody, AddressDeleteBody, AddressUpdateBody, type Address } from '@/lib/api/contract/accounts';
import { ACCOUNT_MESSAGES } from '@/lib/messages/accounts';
import { cities, regions, userAddresses } from '../../db/schema';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { requireUser } from '../../services/auth';
import type * as r from './addresses.routes';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;
type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Most addresses one user keeps. */
export const MAX_ADDRESSES = 20;

async function listAddresses(db: Db | Tx, userId: number): Promise<Address[]> {
  const rows = await db
    .select({ a: userAddresses, regionName: regions.name, cityName: cities.name })
    .from(userAddresses)
    .leftJoin(regions, eq(regions.id, userAddresses.regionId))
    .leftJoin(cities, eq(cities.id, userAddresses.cityId))
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isMain), asc(userAddresses.id));
  return rows.map(({ a, regionName, cityName }) => ({
    id: a.id,
    region: a.regionId && regionName ? { id: a.regionId, name: regionName } : null,
    city: a.cityId && cityName ? { id: a.cityId, name: cityName } : null,
    street: a.street,
    house: a.house,
    apartment: a.apartment,
    postcode: a.postcode,
    comment: a.comment,
    is_main: a.isMain,
    full_address: [
      a.postcode,
      cityName ? `г. ${cityName}` : '',
      a.street,
      a.house ? `д. ${a.house}` : '',
      a.apartment ? `кв. ${a.apartment}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  }));
}

/** Checks that the city exists and belongs to the region. @throws 400 otherwise. */
async function checkPlace(db: Db | Tx, regionId: number, cityId: number) {
  const [city] = await db.select({ regionId: cities.regionId }).from(cities).where(eq(cities.id, cityId)).limit(1);
  if (!city) throw new ApiHttpError(400, 'Город не найден', { city_id: 'Город не найден' });
  if (city.regionId !== regionId)
    throw new ApiHttpError(400, 'Город не относится к выбранному региону', {
      city_id: 'Город не относится к выбранному региону',
    });
}

async function answer(c: Ctx, userId: number) {
  return c.json({ status: 'success' as const, results: await listAddresses(c.var.db, userId) }, 200);
}

/** GET /v1/user_address/: the user's addresses, main first. */
export const list: Handler<typeof r.list> = async (c) => {
  const user = await requireUser(c);
  return answer(c, user.id);
};

/** POST /v1/user_address/: adds an address (the first one, or is_main, becomes main). */
export const create: Handler<typeof r.create> = async (c) => {
  const user = await requireUser(c);
  const body = parseOr400(AddressBody, await readJson(c), 'Не удалось сохранить адрес');
  await c.var.db.transaction(async (tx) => {
    await checkPlace(tx, body.region_id, body.city_id);
    const existing = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.userId, user.id));
    if (existing.length >= MAX_ADDRESSES)
      throw new ApiHttpError(400, `Можно сохранить не более ${MAX_ADDRESSES} адресов`);
    const isMain = body.is_main || existing.length === 0;
    if (isMain) await tx.update(userAddresses).set({ isMain: false }).where(eq(userAddresses.userId, user.id));
    await tx.insert(userAddresses).values({
      userId: user.id,
      regionId: body.region_id,
      cityId: body.city_id,
      street: body.street,
      house: body.house,
      apartment: body.apartment,
      postcode: body.postcode,
      comment: body.comment,
      isMain,
    });
  });
  return answer(c, user.id);
};

/** PUT /v1/user_address/ {id, …}: changes the user's own address; another's → 404. */
export const update: Handler<typeof r.update> = async (c) => {
  const user = await requireUser(c);
  const body = parseOr400(AddressUpdateBody, await readJson(c), 'Не удалось сохранить адрес');
  await c.var.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userAddresses)
      .where(and(eq(userAddresses.id, body.id), eq(userAddresses.userId, user.id)))
      .limit(1);
    if (!row) throw new ApiHttpError(404, ACCOUNT_MESSAGES.addressNotFound);
    const regionId = body.region_id ?? row.regionId;
    const cityId = body.city_id ?? row.cityId;
    if (regionId && cityId && (body.region_id !== undefined || body.city_id !== undefined))
      await checkPlace(tx, regionId, cityId);
    if (body.is_main) await tx.update(userAddresses).set({ isMain: false }).where(eq(userAddresses.userId, user.id));
    await tx
      .update(userAddresses)
      .set({
        regionId,
        cityId,
        street: body.street ?? row.street,
        house: body.house ?? row.house,
        apartment: body.apartment ?? row.apartment,
        postcode: body.postcode ?? row.postcode,
        comment: body.comment ?? row.comment,
        isMain: body.is_main ?? row.isMain,
      })
      .where(eq(userAddresses.id, row.id));
  });
  return answer(c, user.id);
};

/** POST /v1/user_address_delete/ {id}: deletes the user's own address; another's → 404. */
export const remove: Handler<typeof r.remove> = async (c) => {
  const user = await requireUser(c);
  const { id } = parseOr400(AddressDeleteBody, await readJson(c), 'Не удалось удалить адрес');
  await c.var.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(userAddresses)
      .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, user.id)))
      .returning({ isMain: userAddresses.isMain });
    if (!deleted) throw new ApiHttpError(404, ACCOUNT_MESSAGES.addressNotFound);
    if (deleted.isMain) {
      const [next] = await tx
        .select({ id: userAddresses.id })
        .from(userAddresses)
        .where(eq(userAddresses.userId, user.id))
        .orderBy(asc(userAddresses.id))
        .limit(1);
      if (next) await tx.update(userAddresses).set({ isMain: true }).where(eq(userAddresses.id, next.id));
    }
  });
  return answer(c, user.id);
};
