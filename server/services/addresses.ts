/**
 * The address book (spec §7 /v1/user_address/, /v1/user_address_delete/). Every query is scoped
 * to one user: another user's address is answered 404, exactly like a missing one (DESIGN.md
 * "Auth and security"). A user has one main address at most, and the first one saved is main.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Address, AddressBody, AddressUpdateBody } from '@/lib/api/contract/accounts';
import { ACCOUNT_MESSAGES } from '@/lib/messages/accounts';
import { cities, regions, userAddresses } from '../db/schema';
import { ApiHttpError } from '../http';
import type { Db, Tx } from '../db/client';
import type { z } from 'zod';

/** Most addresses one user keeps. */
export const MAX_ADDRESSES = 20;

/** The user's addresses in the contract's shape, main first, then oldest first. */
export async function listAddresses(db: Db | Tx, userId: number): Promise<Address[]> {
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

/** Checks that the city exists and belongs to the region. @throws ApiHttpError 400 otherwise. */
async function checkPlace(db: Db | Tx, regionId: number, cityId: number) {
  const [city] = await db.select({ regionId: cities.regionId }).from(cities).where(eq(cities.id, cityId)).limit(1);
  if (!city) throw new ApiHttpError(400, 'Город не найден', { city_id: 'Город не найден' });
  if (city.regionId !== regionId)
    throw new ApiHttpError(400, 'Город не относится к выбранному региону', {
      city_id: 'Город не относится к выбранному региону',
    });
}

/**
 * Adds an address to the user's book; the first one, or one with `is_main`, becomes main.
 * @throws ApiHttpError 400 for a city outside the region or beyond MAX_ADDRESSES.
 */
export async function addAddress(db: Db, userId: number, body: z.output<typeof AddressBody>): Promise<void> {
  await db.transaction(async (tx) => {
    await checkPlace(tx, body.region_id, body.city_id);
    const existing = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId));
    if (existing.length >= MAX_ADDRESSES)
      throw new ApiHttpError(400, `Можно сохранить не более ${MAX_ADDRESSES} адресов`);
    const isMain = body.is_main || existing.length === 0;
    if (isMain) await tx.update(userAddresses).set({ isMain: false }).where(eq(userAddresses.userId, userId));
    await tx.insert(userAddresses).values({
      userId,
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
}

/**
 * Changes the fields `body` gives of the user's own address `body.id`.
 * @throws ApiHttpError 404 for another user's or a missing address, 400 for a city outside the region.
 */
export async function updateAddress(db: Db, userId: number, body: z.output<typeof AddressUpdateBody>): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userAddresses)
      .where(and(eq(userAddresses.id, body.id), eq(userAddresses.userId, userId)))
      .limit(1);
    if (!row) throw new ApiHttpError(404, ACCOUNT_MESSAGES.addressNotFound);
    const regionId = body.region_id ?? row.regionId;
    const cityId = body.city_id ?? row.cityId;
    if (regionId && cityId && (body.region_id !== undefined || body.city_id !== undefined))
      await checkPlace(tx, regionId, cityId);
    if (body.is_main) await tx.update(userAddresses).set({ isMain: false }).where(eq(userAddresses.userId, userId));
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
}

/**
 * Deletes the user's own address `id`; when it was main, the oldest remaining one becomes main.
 * @throws ApiHttpError 404 for another user's or a missing address.
 */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(userAddresses)
      .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
      .returning({ isMain: userAddresses.isMain });
    if (!deleted) throw new ApiHttpError(404, ACCOUNT_MESSAGES.addressNotFound);
    if (deleted.isMain) {
      const [next] = await tx
        .select({ id: userAddresses.id })
        .from(userAddresses)
        .where(eq(userAddresses.userId, userId))
        .orderBy(asc(userAddresses.id))
        .limit(1);
      if (next) await tx.update(userAddresses).set({ isMain: true }).where(eq(userAddresses.id, next.id));
    }
  });
}
