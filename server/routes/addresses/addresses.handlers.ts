/**
 * Handlers of the address book (spec §7 GET|POST|PUT /v1/user_address/, POST
 * /v1/user_address_delete/): every answer is the user's whole book (services/addresses.ts).
 */
import { AddressBody, AddressDeleteBody, AddressUpdateBody } from '@/lib/api/contract/accounts';
import { parseOr400, readJson } from '../../http';
import { addAddress, deleteAddress, listAddresses, updateAddress } from '../../services/addresses';
import { requireUser } from '../../services/auth';
import type * as r from './addresses.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

async function answer(c: Context<AppEnv>, userId: number) {
  return c.json({ status: 'success' as const, results: await listAddresses(c.var.db, userId) }, 200);
}

/** GET /v1/user_address/: the user's addresses, main first. @throws ApiHttpError 401 without a token. */
export const list: Handler<typeof r.list> = async (c) => {
  const user = await requireUser(c);
  return answer(c, user.id);
};

/** POST /v1/user_address/: adds an address (the first one, or is_main, becomes main). */
export const create: Handler<typeof r.create> = async (c) => {
  const user = await requireUser(c);
  const body = parseOr400(AddressBody, await readJson(c), 'Не удалось сохранить адрес');
  await addAddress(c.var.db, user.id, body);
  return answer(c, user.id);
};

/** PUT /v1/user_address/ {id, …}: changes the user's own address; another's → 404. */
export const update: Handler<typeof r.update> = async (c) => {
  const user = await requireUser(c);
  const body = parseOr400(AddressUpdateBody, await readJson(c), 'Не удалось сохранить адрес');
  await updateAddress(c.var.db, user.id, body);
  return answer(c, user.id);
};

/** POST /v1/user_address_delete/ {id}: deletes the user's own address; another's → 404. */
export const remove: Handler<typeof r.remove> = async (c) => {
  const user = await requireUser(c);
  const { id } = parseOr400(AddressDeleteBody, await readJson(c), 'Не удалось удалить адрес');
  await deleteAddress(c.var.db, user.id, id);
  return answer(c, user.id);
};
