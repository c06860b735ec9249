/**
 * Address book API (spec §7 /v1/user_address/, /v1/user_address_delete/): add, edit, delete, the
 * main address, region/city checks, and isolation: user A cannot read or change user B's
 * addresses (404, and B's address stays as it was).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressesResponse, CitiesResponse, RegionsResponse, TokenResponse } from '@/lib/api/contract/accounts';
import { ApiError } from '@/lib/api/contract/common';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
let tokenA: string;
let tokenB: string;
let moscow: { id: number; region_id: number };
let kazan: { id: number; region_id: number };

async function register(email: string) {
  const res = await call(api, 'POST', '/api/v1/sign_in/', {
    full_name: 'Тестова Анна',
    email,
    phone: '',
    personal_data_consent: true,
    password_one: 'Secret123',
    password_two: 'Secret123',
  });
  return TokenResponse.parse(res.json).data.token;
}

beforeAll(async () => {
  api = await createTestApi(20);
  tokenA = await register('addr-a@example.ru');
  tokenB = await register('addr-b@example.ru');
  const cities = CitiesResponse.parse(
    (await call(api, 'GET', `/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ search: 'Москва' }))}`)).json,
  );
  moscow = cities.results.find((c) => c.name === 'Москва')!;
  kazan = CitiesResponse.parse(
    (await call(api, 'GET', `/api/v1/cities/?data=${encodeURIComponent('{"search":"Казань"}')}`)).json,
  ).results[0]!;
});
afterAll(async () => {
  await api?.close();
});

const as = (token: string) => ({ authorization: `Token ${token}` });

describe('locations (spec §7 Locations)', () => {
  it('lists the federal subjects of Russia and their main cities, filtered by JSON query data', async () => {
    const regions = RegionsResponse.parse((await call(api, 'GET', '/api/v1/regions/')).json).results;
    expect(regions.length).toBeGreaterThanOrEqual(85);
    expect(regions.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Москва', 'Санкт-Петербург', 'Республика Татарстан', 'Приморский край']),
    );
    const tatarstan = regions.find((r) => r.name === 'Республика Татарстан')!;
    const cities = CitiesResponse.parse(
      (
        await call(
          api,
          'GET',
          `/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ region_id: tatarstan.id }))}`,
        )
      ).json,
    ).results;
    expect(cities[0]).toMatchObject({ name: 'Казань', is_capital: true });
    expect(cities.map((c) => c.name)).toContain('Набережные Челны');
    const bad = await call(api, 'GET', '/api/v1/cities/?data=%7Bbroken');
    expect(bad.status).toBe(400);
    expect(ApiError.parse(bad.json).message).toMatch(/[а-я]/);
  });
});

describe('addresses', () => {
  it('adds, edits and deletes; the first address is main', async () => {
    const added = await call(
      api,
      'POST',
      '/api/v1/user_address/',
      {
        region_id: moscow.region_id,
        city_id: moscow.id,
        street: 'ул. Арбат',
        house: '10',
        apartment: '5',
        postcode: '119002',
      },
      as(tokenA),
    );
    const list = AddressesResponse.parse(added.json).results;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      is_main: true,
      street: 'ул. Арбат',
      city: { name: 'Москва' },
      full_address: '119002, г. Москва, ул. Арбат, д. 10, кв. 5',
    });

    const second = AddressesResponse.parse(
      (
        await call(
          api,
          'POST',
          '/api/v1/user_address/',
          { region_id: kazan.region_id, city_id: kazan.id, street: 'ул. Баумана', house: '1', is_main: true },
          as(tokenA),
        )
      ).json,
    ).results;
    expect(second.map((a) => [a.street, a.is_main])).toEqual([
      ['ул. Баумана', true],
      ['ул. Арбат', false],
    ]);

    const edited = AddressesResponse.parse(
      (await call(api, 'PUT', '/api/v1/user_address/', { id: list[0]!.id, house: '12' }, as(tokenA))).json,
    ).results;
    expect(edited.find((a) => a.id === list[0]!.id)!.house).toBe('12');

    const main = second[0]!;
    const afterDelete = AddressesResponse.parse(
      (await call(api, 'POST', '/api/v1/user_address_delete/', { id: main.id }, as(tokenA))).json,
    ).results;
    expect(afterDelete).toHaveLength(1);
    expect(afterDelete[0]!.is_main).toBe(true);
  });

  it('refuses a city of another region, missing fields and a 10 kB street with 400', async () => {
    const wrong = await call(
      api,
      'POST',
      '/api/v1/user_address/',
      { region_id: moscow.region_id, city_id: kazan.id, street: 'ул. А', house: '1' },
      as(tokenA),
    );
    expect(wrong.status).toBe(400);
    expect(ApiError.parse(wrong.json).message).toMatch(/регион/);
    expect((await call(api, 'POST', '/api/v1/user_address/', { region_id: moscow.region_id }, as(tokenA))).status).toBe(
      400,
    );
    expect(
      (
        await call(
          api,
          'POST',
          '/api/v1/user_address/',
          { region_id: moscow.region_id, city_id: moscow.id, street: 'x'.repeat(10_240), house: '1' },
          as(tokenA),
        )
      ).status,
    ).toBe(400);
    expect((await call(api, 'GET', '/api/v1/user_address/')).status).toBe(401);
  });

  it('user A cannot read, change or delete user B’s address (404)', async () => {
    const own = AddressesResponse.parse(
      (
        await call(
          api,
          'POST',
          '/api/v1/user_address/',
          { region_id: moscow.region_id, city_id: moscow.id, street: 'ул. Б', house: '2' },
          as(tokenB),
        )
      ).json,
    ).results[0]!;
    const listA = AddressesResponse.parse(
      (await call(api, 'GET', '/api/v1/user_address/', undefined, as(tokenA))).json,
    ).results;
    expect(listA.map((a) => a.id)).not.toContain(own.id);
    const put = await call(api, 'PUT', '/api/v1/user_address/', { id: own.id, street: 'взлом' }, as(tokenA));
    expect(put.status).toBe(404);
    expect(ApiError.parse(put.json).message).toBe('Адрес не найден');
    expect((await call(api, 'POST', '/api/v1/user_address_delete/', { id: own.id }, as(tokenA))).status).toBe(404);
    const listB = AddressesResponse.parse(
      (await call(api, 'GET', '/api/v1/user_address/', undefined, as(tokenB))).json,
    ).results;
    expect(listB).toEqual([own]);
  });
});
