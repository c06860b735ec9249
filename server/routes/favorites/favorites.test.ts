/** Favourites API: the user's list (add, merge of a guest list, remove) and cards for guests. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '@/lib/api/contract/accounts';
import { FavoriteOffersResponse, FavoritesResponse } from '@/lib/api/contract/favorites';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await createTestApi(20);
  token = TokenResponse.parse(
    (
      await call(api, 'POST', '/api/v1/sign_in/', {
        full_name: 'Любимова Ирина',
        email: 'fav@example.ru',
        personal_data_consent: true,
        password_one: 'Secret123',
        password_two: 'Secret123',
      })
    ).json,
  ).data.token;
});
afterAll(async () => {
  await api?.close();
});

describe('favourites', () => {
  it('merges a list, ignores duplicates and unknown ids, removes one', async () => {
    const h = { authorization: `Token ${token}` };
    const first = FavoritesResponse.parse((await call(api, 'POST', '/api/v1/favorites/', { ids: [3, 5] }, h)).json);
    expect(first.ids.sort()).toEqual([3, 5]);
    const merged = FavoritesResponse.parse(
      (await call(api, 'POST', '/api/v1/favorites/', { ids: [5, 7, 999999] }, h)).json,
    );
    expect(merged.ids.sort()).toEqual([3, 5, 7]);
    expect(merged.results.map((c) => c.id).sort()).toEqual([3, 5, 7]);
    const removed = FavoritesResponse.parse((await call(api, 'DELETE', '/api/v1/favorites/5/', undefined, h)).json);
    expect(removed.ids.sort()).toEqual([3, 7]);
    expect((await call(api, 'POST', '/api/v1/favorites/', { ids: [] }, h)).status).toBe(400);
    expect((await call(api, 'GET', '/api/v1/favorites/')).status).toBe(401);
  });

  it('gives guests the cards of their ids in order', async () => {
    const res = FavoriteOffersResponse.parse((await call(api, 'GET', '/api/v1/favorites/offers/?ids=4,2,abc,4')).json);
    expect(res.response.map((c) => c.id)).toEqual([4, 2]);
  });
});
