/**
 * Basket API (spec §7 Cart, §4 Basket, §9): `{status, cart}` answers, the httpOnly `cart_id`
 * cookie, quantity as the new total, and rejected requests that leave the stored basket unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartResponse } from '@/lib/api/contract/cart';
import { OffersPage, ProductDetail } from '@/lib/api/contract/catalog';
import { ApiError } from '@/lib/api/contract/common';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
let sized: ProductDetail;
let separates: ProductDetail;

beforeAll(async () => {
  api = await createTestApi();
  const odezhda = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/odezhda/?limit=50')).json);
  for (const card of odezhda.results) {
    const p = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${card.id}`)).json);
    if (p.offers[0]!.features.filter((f) => f.stock >= 3).length >= 2) {
      sized = p;
      break;
    }
  }
  const kupalniki = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/kupalniki/?limit=100')).json);
  for (const card of kupalniki.results) {
    const p = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${card.id}`)).json);
    const o = p.offers[0]!;
    if (o.features_top.some((f) => f.stock > 0) && o.features_bottom.some((f) => f.stock > 0)) {
      separates = p;
      break;
    }
  }
});
afterAll(async () => {
  await api?.close();
});

function cookieOf(setCookie: string | null): string {
  const match = /cart_id=([^;]+)/.exec(setCookie ?? '');
  if (!match) throw new Error('no cart_id cookie');
  return `cart_id=${match[1]}`;
}

function inStock(p: ProductDetail, n = 0) {
  return p.offers[0]!.features.filter((f) => f.stock >= 3)[n]!;
}

async function newCart() {
  const size = inStock(sized);
  const res = await call(api, 'POST', '/api/v2/cart/', { offer: sized.offers[0]!.id, feature: size.ext_id });
  expect(res.status).toBe(200);
  return { cookie: cookieOf(res.setCookie), body: CartResponse.parse(res.json) };
}

function expectError(res: { status: number; json: unknown }, status: number) {
  expect(res.status).toBe(status);
  expect(ApiError.parse(res.json).message).toMatch(/[а-яё]/i);
}

describe('basket', () => {
  it('is empty without a cookie and does not create one', async () => {
    const res = await call(api, 'GET', '/api/v2/cart/');
    expect(CartResponse.parse(res.json).cart).toMatchObject({ items: [], count: 0, total: 0 });
    expect(res.setCookie).toBeNull();
  });

  it('adds a line, sets an httpOnly cookie and counts lines and total', async () => {
    const size = inStock(sized);
    const res = await call(api, 'POST', '/api/v2/cart/', { offer: sized.offers[0]!.id, feature: size.ext_id });
    expect(res.status).toBe(200);
    expect(res.setCookie).toMatch(/HttpOnly/i);
    const { cart } = CartResponse.parse(res.json);
    expect(cart.count).toBe(1);
    expect(cart.items[0]!.feature?.name).toBe(size.name);
    expect(cart.total).toBe(sized.price);
    const again = await call(api, 'GET', '/api/v2/cart/', undefined, { cookie: cookieOf(res.setCookie) });
    expect(CartResponse.parse(again.json).cart.count).toBe(1);
  });

  it('adds the same size again to the same line, another size as a new line', async () => {
    const { cookie } = await newCart();
    const offer = sized.offers[0]!.id;
    const same = CartResponse.parse(
      (await call(api, 'POST', '/api/v2/cart/', { offer, feature: inStock(sized).ext_id }, { cookie })).json,
    );
    expect(same.cart.count).toBe(1);
    expect(same.cart.items[0]!.quantity).toBe(2);
    const other = CartResponse.parse(
      (await call(api, 'POST', '/api/v2/cart/', { offer, feature: inStock(sized, 1).ext_id }, { cookie })).json,
    );
    expect(other.cart.count).toBe(2);
    expect(other.cart.total).toBe(sized.price * 3);
  });

  it('sells swimwear separates with a top and a bottom size', async () => {
    const o = separates.offers[0]!;
    const top = o.features_top.find((f) => f.stock > 0)!;
    const bottom = o.features_bottom.find((f) => f.stock > 0)!;
    const res = await call(api, 'POST', '/api/v2/cart/', {
      offer: o.id,
      featuretop: top.ext_id,
      featurebot: bottom.ext_id,
    });
    const { cart } = CartResponse.parse(res.json);
    expect(cart.items[0]!.featuretop?.name).toBe(top.name);
    expect(cart.items[0]!.featurebot?.name).toBe(bottom.name);
    expectError(await call(api, 'POST', '/api/v2/cart/', { offer: o.id, featuretop: top.ext_id }), 400);
  });

  it('sets the quantity as the new total and refuses zero, negative and too many', async () => {
    const { cookie, body } = await newCart();
    const uuid = body.cart.items[0]!.item_uuid;
    const res = await call(api, 'PUT', `/api/v2/cart/${uuid}/`, { quantity: 3 }, { cookie });
    expect(res.status).toBe(200);
    expect(CartResponse.parse(res.json).cart.items[0]!.quantity).toBe(3);
    for (const quantity of [0, -1, 1.5, '2', null]) {
      expectError(await call(api, 'PUT', `/api/v2/cart/${uuid}/`, { quantity }, { cookie }), 400);
    }
    const stock = body.cart.items[0]!.stock;
    expectError(
      await call(api, 'PUT', `/api/v2/cart/${uuid}/`, { quantity: Math.min(stock + 1, 99) }, { cookie }),
      stock >= 99 ? 400 : 409,
    );
    const after = CartResponse.parse((await call(api, 'GET', '/api/v2/cart/', undefined, { cookie })).json);
    expect(after.cart.items[0]!.quantity).toBe(3);
  });

  it("refuses unknown lines, other baskets' lines, bad bodies and leaves the basket unchanged", async () => {
    const { cookie, body } = await newCart();
    const before = (await call(api, 'GET', '/api/v2/cart/', undefined, { cookie })).json;
    const uuid = body.cart.items[0]!.item_uuid;
    expectError(
      await call(api, 'PUT', '/api/v2/cart/00000000-0000-4000-8000-000000000000/', { quantity: 2 }, { cookie }),
      404,
    );
    expectError(
      await call(api, 'DELETE', '/api/v2/cart/00000000-0000-4000-8000-000000000000/', undefined, { cookie }),
      404,
    );
    expectError(await call(api, 'PUT', '/api/v2/cart/not-a-uuid/', { quantity: 2 }, { cookie }), 400);
    const stranger = await newCart();
    expectError(await call(api, 'PUT', `/api/v2/cart/${uuid}/`, { quantity: 2 }, { cookie: stranger.cookie }), 404);
    expectError(await call(api, 'DELETE', `/api/v2/cart/${uuid}/`, undefined, { cookie: stranger.cookie }), 404);
    expectError(await call(api, 'PUT', `/api/v2/cart/${uuid}/`, '{"quantity":', { cookie }), 400);
    expectError(await call(api, 'POST', '/api/v2/cart/', { offer: 'x' }, { cookie }), 400);
    expectError(await call(api, 'POST', '/api/v2/cart/', { offer: 99999999, feature: 'nope' }, { cookie }), 404);
    expectError(
      await call(api, 'POST', '/api/v2/cart/', { offer: sized.offers[0]!.id, feature: 'nope' }, { cookie }),
      404,
    );
    expectError(await call(api, 'POST', '/api/v2/cart/', { offer: sized.offers[0]!.id }, { cookie }), 400);
    expectError(
      await call(
        api,
        'POST',
        '/api/v2/cart/',
        { offer: sized.offers[0]!.id, feature: inStock(sized).ext_id, quantity: -2 },
        { cookie },
      ),
      400,
    );
    const huge = JSON.stringify({ offer: 1, feature: 'x'.repeat(1024 * 1024) });
    const tooBig = await call(api, 'POST', '/api/v2/cart/', huge, { cookie });
    expect(tooBig.status).toBe(413);
    const after = (await call(api, 'GET', '/api/v2/cart/', undefined, { cookie })).json;
    expect(after).toEqual(before);
  });

  it('refuses a sold-out size', async () => {
    const list = OffersPage.parse((await call(api, 'GET', '/api/v1/offers/?limit=100')).json);
    for (const card of list.results) {
      const p = ProductDetail.parse((await call(api, 'GET', `/api/v1/product_offer/?pk=${card.id}`)).json);
      const soldOut = p.offers.flatMap((o) => o.features.map((f) => ({ o, f }))).find(({ f }) => f.stock === 0);
      if (soldOut) {
        expectError(await call(api, 'POST', '/api/v2/cart/', { offer: soldOut.o.id, feature: soldOut.f.ext_id }), 409);
        return;
      }
    }
    throw new Error('the seed has no sold-out size among 100 products');
  });

  it('removes a line and clears the basket', async () => {
    const { cookie, body } = await newCart();
    const uuid = body.cart.items[0]!.item_uuid;
    const removed = CartResponse.parse(
      (await call(api, 'DELETE', `/api/v2/cart/${uuid}/`, undefined, { cookie })).json,
    );
    expect(removed.cart.count).toBe(0);
    await call(
      api,
      'POST',
      '/api/v2/cart/',
      { offer: sized.offers[0]!.id, feature: inStock(sized).ext_id },
      { cookie },
    );
    const cleared = CartResponse.parse((await call(api, 'DELETE', '/api/v2/cart/', undefined, { cookie })).json);
    expect(cleared.cart.count).toBe(0);
  });

  it('ignores a forged cookie', async () => {
    const res = await call(api, 'GET', '/api/v2/cart/', undefined, { cookie: "cart_id=' or 1=1 --" });
    expect(CartResponse.parse(res.json).cart.count).toBe(0);
  });
});
