/** Address book endpoints (spec §7 /v1/user_address/, /v1/user_address_delete/), in OpenAPI. */
import { AddressBody, AddressDeleteBody, AddressesResponse, AddressUpdateBody } from '@/lib/api/contract/accounts';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './addresses.handlers';
import type { ApiApp } from '../../types';

const TAG = ['Адреса'];
const security = [{ Token: [] }];

/** Registers the address routes. */
export function registerAddressRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: 'get',
    path: '/api/v1/user_address/',
    tags: TAG,
    security,
    responses: jsonResponses(AddressesResponse, 'Адреса пользователя', [401]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/user_address/',
    tags: TAG,
    security,
    request: jsonBody(AddressBody),
    responses: jsonResponses(AddressesResponse, 'Адрес добавлен; все адреса', [400, 401]),
  });
  r.registerPath({
    method: 'put',
    path: '/api/v1/user_address/',
    tags: TAG,
    security,
    request: jsonBody(AddressUpdateBody),
    responses: jsonResponses(AddressesResponse, 'Адрес изменён; все адреса', [400, 401, 404]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/user_address_delete/',
    tags: TAG,
    security,
    request: jsonBody(AddressDeleteBody),
    responses: jsonResponses(AddressesResponse, 'Адрес удалён; остальные адреса', [400, 401, 404]),
  });

  app.get('/api/v1/user_address', h.list);
  app.post('/api/v1/user_address', h.create);
  app.put('/api/v1/user_address', h.update);
  app.post('/api/v1/user_address_delete', h.remove);
}
