/** Address book endpoints (spec §7 /v1/user_address/, /v1/user_address_delete/), one declaration per route (routes/openapi.ts). */
import { AddressBody, AddressDeleteBody, AddressesResponse, AddressUpdateBody } from '@/lib/api/contract/accounts';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './addresses.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Адреса'], security: [{ Token: [] }] });

export const list = route.get(
  '/api/v1/user_address/',
  {},
  jsonResponses(AddressesResponse, 'Адреса пользователя', [401]),
);
export const create = route.post(
  '/api/v1/user_address/',
  { body: AddressBody },
  jsonResponses(AddressesResponse, 'Адрес добавлен; все адреса', [400, 401]),
);
export const update = route.put(
  '/api/v1/user_address/',
  { body: AddressUpdateBody },
  jsonResponses(AddressesResponse, 'Адрес изменён; все адреса', [400, 401, 404]),
);
export const remove = route.post(
  '/api/v1/user_address_delete/',
  { body: AddressDeleteBody },
  jsonResponses(AddressesResponse, 'Адрес удалён; остальные адреса', [400, 401, 404]),
);

/** Registers the address routes. */
export function registerAddressRoutes(app: ApiApp) {
  openapiRoute(app, list, h.list);
  openapiRoute(app, create, h.create);
  openapiRoute(app, update, h.update);
  openapiRoute(app, remove, h.remove);
}
