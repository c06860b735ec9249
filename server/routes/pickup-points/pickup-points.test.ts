/**
 * GET /v1/pickup_points/ (issue #14 item 13): every seeded city has points to choose, the largest
 * have their hand-written ones, the search narrows by name or address, bad queries are Russian
 * 400s, an unknown city a 404, and a configured CDEK gives its offices (fetch stubbed).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PickupPointsResponse } from '@/lib/api/contract/checkout';
import { ApiError } from '@/lib/api/contract/common';
import { cities } from '../../db/schema';
import { CdekClient } from '../../services/delivery/cdek';
import { pickupPointsOf } from '../../services/delivery/pickup-points';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
let moscow: number;

beforeAll(async () => {
  api = await createTestApi(10);
  const [m] = await api.handle.db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Москва'));
  moscow = m!.id;
});
afterAll(async () => {
  await api?.close();
});

describe('GET /api/v1/pickup_points/', () => {
  it('lists the hand-written demo points of Москва with coordinates', async () => {
    const res = await call(api, 'GET', `/api/v1/pickup_points/?city_id=${moscow}`);
    expect(res.status).toBe(200);
    const body = PickupPointsResponse.parse(res.json);
    expect(body).toMatchObject({ city: 'Москва', provider: 'demo' });
    expect(body.results.length).toBeGreaterThanOrEqual(5);
    expect(body.results.map((p) => p.address)).toContain('ул. Тверская, д. 18, корп. 1');
    expect(body.results.every((p) => p.location !== null)).toBe(true);
    expect(new Set(body.results.map((p) => p.code)).size).toBe(body.results.length);
  });

  it('gives every seeded city at least one point, the same ones on every call', async () => {
    const all = await api.handle.db.select({ id: cities.id, name: cities.name }).from(cities);
    expect(all.length).toBeGreaterThan(100);
    for (const city of all) {
      const res = await call(api, 'GET', `/api/v1/pickup_points/?city_id=${city.id}`);
      expect(res.status, city.name).toBe(200);
      expect(res.json.results.length, city.name).toBeGreaterThan(0);
    }
    const [kazan] = all.filter((c) => c.name === 'Кострома');
    const again = await call(api, 'GET', `/api/v1/pickup_points/?city_id=${kazan!.id}`);
    const once = await call(api, 'GET', `/api/v1/pickup_points/?city_id=${kazan!.id}`);
    expect(again.json.results).toEqual(once.json.results);
  });

  it('narrows the list by words of the name or address, ё and case ignored', async () => {
    const res = await call(
      api,
      'GET',
      `/api/v1/pickup_points/?city_id=${moscow}&search=${encodeURIComponent('ТВЕРСКАЯ 18')}`,
    );
    expect(res.status).toBe(200);
    expect(res.json.results.map((p: { address: string }) => p.address)).toEqual(['ул. Тверская, д. 18, корп. 1']);
    const none = await call(api, 'GET', `/api/v1/pickup_points/?city_id=${moscow}&search=zzz`);
    expect(none.json.results).toEqual([]);
  });

  it('answers a bad or missing city_id with a Russian 400 and an unknown city with 404', async () => {
    for (const query of [
      '',
      '?city_id=abc',
      '?city_id=0',
      '?city_id=99999999999',
      `?city_id=${moscow}&search=${'я'.repeat(101)}`,
    ]) {
      const res = await call(api, 'GET', `/api/v1/pickup_points/${query}`);
      expect(res.status, query).toBe(400);
      const error = ApiError.parse(res.json);
      expect(error.message, query).toMatch(/^Некорректный запрос: [А-ЯЁ]/);
    }
    const unknown = await call(api, 'GET', '/api/v1/pickup_points/?city_id=2000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Город не найден');
  });

  it('is described in the OpenAPI document', async () => {
    const res = await call(api, 'GET', '/api/openapi.json');
    expect(res.json.paths['/api/v1/pickup_points'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'city_id',
      'search',
    ]);
  });
});

describe('pickupPointsOf with CDEK', () => {
  const to = { cityId: 777001, city: 'Казань', region: 'Республика Татарстан', regionCode: '16' };

  function stubbedCdek(calls: string[], offices: unknown[] | Error) {
    return new CdekClient({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'https://cdek.test/v2/',
      fromCityCode: 44,
      fetch: (async (url: string | URL) => {
        const u = new URL(String(url));
        calls.push(u.pathname);
        if (u.pathname.endsWith('oauth/token')) return Response.json({ access_token: 't', expires_in: 3600 });
        if (u.pathname.endsWith('location/cities'))
          return Response.json([{ code: 424, city: 'Казань', region: 'Татарстан' }]);
        if (offices instanceof Error) return new Response('{}', { status: 500 });
        expect(u.searchParams.get('city_code')).toBe('424');
        return Response.json(offices);
      }) as typeof fetch,
    });
  }

  it("maps CDEK's offices and lockers, and reuses them for the same city", async () => {
    const calls: string[] = [];
    const cdek = stubbedCdek(calls, [
      {
        code: 'KZN12',
        name: 'На Баумана',
        type: 'PVZ',
        work_time: 'Пн-Вс 10:00-20:00',
        location: { address: 'ул. Баумана, 1', latitude: 55.79, longitude: 49.11 },
      },
      { code: 'KZN77', type: 'POSTAMAT', location: { address: 'ул. Пушкина, 5' } },
    ]);
    const first = await pickupPointsOf(to, cdek);
    expect(first.provider).toBe('cdek');
    expect(first.results).toEqual([
      {
        code: 'KZN12',
        name: 'На Баумана',
        address: 'ул. Баумана, 1',
        work_time: 'Пн-Вс 10:00-20:00',
        type: 'PVZ',
        location: { latitude: 55.79, longitude: 49.11 },
      },
      {
        code: 'KZN77',
        name: 'Пункт выдачи KZN77',
        address: 'ул. Пушкина, 5',
        work_time: '',
        type: 'POSTAMAT',
        location: null,
      },
    ]);
    const before = calls.length;
    expect((await pickupPointsOf(to, cdek, 'пушкина')).results.map((p) => p.code)).toEqual(['KZN77']);
    expect(calls.length).toBe(before);
  });

  it('turns a CDEK failure into a Russian 502', async () => {
    await expect(pickupPointsOf({ ...to, cityId: 777002 }, stubbedCdek([], new Error('down')))).rejects.toMatchObject({
      status: 502,
      message: 'Не удалось загрузить пункты выдачи. Попробуйте позже',
    });
  });
});
