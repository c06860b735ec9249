/**
 * Regression of issue #12 item 10: a NUL byte in a string field (Postgres 22021) and an integer id
 * above the int4 range (22003) used to reach the database and answer 500. The contract
 * (lib/api/contract, SafeString / IntId of common.ts) now refuses both with 400 and a Russian
 * message, in query strings, path parameters and JSON bodies alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApi, type TestApi } from '../test-utils';

const NUL = '\u0000';
const TOO_BIG = 2_147_483_648;

let api: TestApi;
let auth: Record<string, string>;

beforeAll(async () => {
  api = await createTestApi(24);
  const login = await call(api, 'POST', '/api/v1/auth/', { username: 'demo@lumiere.test', password: 'Demo12345' });
  expect(login.status).toBe(200);
  auth = { authorization: `Token ${login.json.data.token}` };
});
afterAll(() => api.close());

/** Asserts a 400 `{status:"error"}` answer with a Russian message. */
function expectRussian400(res: { status: number; json: { status?: string; message?: string } }) {
  expect(res.status).toBe(400);
  expect(res.json.status).toBe('error');
  expect(res.json.message).toMatch(/[а-яё]/i);
}

describe('NUL byte in a string → 400', () => {
  it('query parameter (search suggestions, facets search, seo url, category tag)', async () => {
    expectRussian400(await call(api, 'GET', `/api/v1/search_suggest/?q=plat${encodeURIComponent(NUL)}`));
    expectRussian400(await call(api, 'GET', `/api/v1/all/filters/?search=a${encodeURIComponent(NUL)}`));
    expectRussian400(await call(api, 'GET', `/api/v1/get_seo/?url=/a${encodeURIComponent(NUL)}`));
    expectRussian400(await call(api, 'GET', `/api/v1/category/kupalniki?tag=a${encodeURIComponent(NUL)}`));
  });

  it('path parameter (search text)', async () => {
    expectRussian400(await call(api, 'GET', `/api/v1/search/a${encodeURIComponent(NUL)}b/`));
  });

  it('JSON body (login, order contact, address, offer filters)', async () => {
    expectRussian400(await call(api, 'POST', '/api/v1/auth/', { username: `demo${NUL}@lumiere.test`, password: 'x' }));
    expectRussian400(await call(api, 'POST', '/api/v1/promo_code/', { promo_code: `A${NUL}B` }));
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/user_address/',
        { region_id: 1, city_id: 1, street: `Тверская${NUL}`, house: '1' },
        auth,
      ),
    );
    expectRussian400(
      await call(api, 'GET', `/api/v1/offers/?filters=${encodeURIComponent(JSON.stringify({ brands: [`x${NUL}`] }))}`),
    );
  });
});

describe('integer id above 2147483647 → 400', () => {
  it('JSON body (basket, delivery, order detail, favourites, address delete)', async () => {
    expectRussian400(await call(api, 'POST', '/api/v2/cart/', { offer: TOO_BIG }));
    expectRussian400(await call(api, 'POST', '/api/v1/cdek_calc/', { city_id: TOO_BIG }));
    expectRussian400(await call(api, 'POST', '/api/v1/history_order_detail/', { pk: TOO_BIG }, auth));
    expectRussian400(await call(api, 'POST', '/api/v1/favorites/', { ids: [TOO_BIG] }, auth));
    expectRussian400(await call(api, 'POST', '/api/v1/user_address_delete/', { id: TOO_BIG }, auth));
  });

  it('path parameter (favourite id) and query JSON (cities of a region)', async () => {
    expectRussian400(await call(api, 'DELETE', `/api/v1/favorites/${TOO_BIG}/`, undefined, auth));
    expectRussian400(
      await call(api, 'GET', `/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ region_id: TOO_BIG }))}`),
    );
  });

  it('a valid id still works', async () => {
    const res = await call(api, 'POST', '/api/v1/cdek_calc/', { city_id: 1 });
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(400);
  });
});
