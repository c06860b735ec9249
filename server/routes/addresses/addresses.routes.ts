/** Address book endpoints (spec §7 /v1/user_address/, /v1/user_address_delete/), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
import { AddressBody, AddressDeleteBody, AddressesResponse, AddressUpdateBody } from '@/lib/api/contract/accounts';
import { jsonBody, jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './addresses.handlers';
import type { ApiApp } from '../../types';

const tags = ['Адреса'];
const security = [{ Token: [] }];

export const list = createRoute({
  method: 'get',
  path: '/api/v1/user_address/',
  tags,
  security,
  responses: jsonResponses(AddressesResponse, 'Адреса пользователя', [401]),
});
export const create = createRoute({
  method: 'post',
  path: '/api/v1/user_address/',
  tags,
  security,
  request: jsonBody(AddressBody),
  responses: jsonResponses(AddressesResponse, 'Адрес добавлен; все адреса', [400, 401]),
});
export const update = createRoute({
  method: 'put',
  path: '/api/v1/user_address/',
  tags,
  security,
  request: jsonBody(AddressUpdateBody),
  responses: jsonResponses(AddressesResponse, 'Адрес изменён; все адреса', [400, 401, 404]),
});
export const remove = createRoute({
  method: 'post',
  path: '/api/v1/user_address_delete/',
  tags,
  security,
  request: jsonBody(AddressDeleteBody),
  responses: jsonResponses(AddressesResponse, 'Адрес удалён; остальные адреса', [400, 401, 404]),
});

/** Registers the address routes. */
export function registerAddressRoutes(app: ApiApp) {
  openapiRoute(app, list, h.list);
  openapiRoute(app, create, h.create);
  openapiRoute(app, update, h.update);
  openapiRoute(app, remove, h.remove);
}
