/**
 * Review API (issue #33 items 1 and 5): who may review (a delivered, paid line of one's own order,
 * once), the limits of input and photos, moderation by the operator key, and the public list with
 * its rating, fit summary, sorting and filters.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '@/lib/api/contract/accounts';
import { ReviewListResponse, ReviewPhotoUploaded } from '@/lib/api/contract/reviews';
import { auditLog, catalogChanges, consents, orderItems, orders, products, reviewPhotos, users } from '../../db/schema';
import { call, createTestApi, restoreServerEnv, stubServerEnv, type TestApi } from '../../test-utils';
import { adminCall, staffSession } from '../admin/test-utils';

let api: TestApi;
let token: string;
let userId: number;
let productId: number;
const OPERATOR = 'reviews-test-operator-token-0123456789';
const op = { authorization: `Bearer ${OPERATOR}` };
let auth: Record<string, string>;

/** An order of the test user with one line per size of `productId`; @returns the line ids. */
async function placeOrder(
  status: 'delivered' | 'shipped',
  paymentStatus: 'paid' | 'pending',
  sizes: string[],
  user = userId,
): Promise<number[]> {
  const { db } = api.handle;
  const [order] = await db
    .insert(orders)
    .values({
      number: `RV-${Math.random().toString(36).slice(2, 9)}`,
      userId: user,
      status,
      contactFio: 'Отзывова Мария',
      contactEmail: 'review@example.ru',
      deliveryMethod: 'courier',
      paymentMethod: 'card',
      paymentStatus,
      itemsTotal: 1000 * sizes.length,
      total: 1000 * sizes.length,
    })
    .returning({ id: orders.id });
  const lines = await db
    .insert(orderItems)
    .values(
      sizes.map((sizeName) => ({
        orderId: order!.id,
        productId,
        productName: 'Купальник',
        sizeName,
        colorName: 'Чёрный',
        price: 1000,
        quantity: 1,
      })),
    )
    .returning({ id: orderItems.id });
  return lines.map((l) => l.id);
}

async function register(email: string, name: string): Promise<{ token: string; id: number }> {
  const res = await call(api, 'POST', '/api/v1/sign_in/', {
    full_name: name,
    email,
    personal_data_consent: true,
    password_one: 'Secret123',
    password_two: 'Secret123',
  });
  const t = TokenResponse.parse(res.json).data.token;
  const [user] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token: t, id: user!.id };
}

const review = (orderItemId: number, over: Record<string, unknown> = {}) => ({
  order_item_id: orderItemId,
  rating: 5,
  text: 'Сидит отлично, ткань плотная, цвет как на фото.',
  fit: 'true_to_size',
  height_cm: 168,
  usual_size: '46',
  personal_data_consent: true,
  ...over,
});

async function jpeg(width: number, height: number, withExif = false): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  if (withExif) image = image.withExif({ IFD0: { Copyright: 'secret-camera-owner', Make: 'SpyCam' } });
  return image.jpeg({ quality: 90 }).toBuffer();
}

async function upload(body: Uint8Array, type = 'image/jpeg', headers = auth) {
  const res = await api.app.request('/api/v1/reviews/photos/', {
    method: 'POST',
    headers: { ...headers, 'content-type': type },
    body: new Uint8Array(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  api = await createTestApi(20);
  stubServerEnv({ OPERATOR_TOKEN: OPERATOR });
  const me = await register('review@example.ru', 'Отзывова Мария');
  token = me.token;
  auth = { authorization: `Token ${token}` };
  userId = me.id;
  const [product] = await api.handle.db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
});
afterAll(async () => {
  restoreServerEnv();
  await api?.close();
});

describe('posting a review', () => {
  it('lets only a delivered, paid line be reviewed, once', async () => {
    expect(Number.isInteger(userId) && userId > 0).toBe(true);
    const [shipped] = await placeOrder('shipped', 'paid', ['46']);
    const [unpaid] = await placeOrder('delivered', 'pending', ['46']);
    const [line] = await placeOrder('delivered', 'paid', ['48']);

    const eligible = await call(api, 'GET', `/api/v1/reviews/eligible/?product=${productId}`, undefined, auth);
    expect(eligible.status).toBe(200);
    expect(eligible.json.lines.map((l: { order_item_id: number }) => l.order_item_id)).toEqual([line]);

    for (const id of [shipped, unpaid]) {
      const res = await call(api, 'POST', '/api/v1/reviews/', review(id!), auth);
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('Отзыв можно оставить после получения оплаченного заказа');
    }
    expect((await call(api, 'POST', '/api/v1/reviews/', review(line!))).status).toBe(401);

    const ok = await call(api, 'POST', '/api/v1/reviews/', review(line!), auth);
    expect(ok.status).toBe(200);
    expect(ok.json.message).toMatch(/после проверки/);
    const again = await call(api, 'POST', '/api/v1/reviews/', review(line!, { rating: 1 }), auth);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Отзыв об этой покупке уже оставлен');

    const after = await call(api, 'GET', `/api/v1/reviews/eligible/?product=${productId}`, undefined, auth);
    expect(after.json.lines).toEqual([]);
    // 152-ФЗ art. 9: the consent is recorded with the review.
    const rows = await api.handle.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.form, 'review')));
    expect(rows).toHaveLength(1);
  });

  it('refuses another account’s line (404) and bad input (400, Russian)', async () => {
    const other = await register('other-review@example.ru', 'Чужая Анна');
    const [line] = await placeOrder('delivered', 'paid', ['50'], other.id);
    expect((await call(api, 'POST', '/api/v1/reviews/', review(line!), auth)).status).toBe(404);

    const [mine] = await placeOrder('delivered', 'paid', ['50']);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ rating: 0 }, /оценку от 1 до 5/],
      [{ rating: 6 }, /оценку от 1 до 5/],
      [{ rating: 4.5 }, /оценку от 1 до 5/],
      [{ rating: '5' }, /оценку от 1 до 5/],
      [{ fit: 'tight' }, /как сидит размер/],
      [{ text: 'ok' }, /не короче 10 символов/],
      [{ text: '<b></b><script>alert(1)</script>   ' }, /не короче 10 символов/],
      [{ height_cm: 40 }, /от 100 до 230/],
      [{ personal_data_consent: false }, /согласие|Согласие/],
      [{ photos: ['not-a-key'] }, /фото/i],
      [{ photos: Array.from({ length: 6 }, () => crypto.randomUUID()) }, /Не больше 5 фото/],
      [{ photos: [crypto.randomUUID()] }, /Фото не найдено/],
    ];
    for (const [over, message] of cases) {
      const res = await call(api, 'POST', '/api/v1/reviews/', review(mine!, over), auth);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.json.message, JSON.stringify(over)).toMatch(message);
    }
    const stripped = await call(
      api,
      'POST',
      '/api/v1/reviews/',
      review(mine!, { text: 'Хорошо <script>alert(1)</script><b>сидит</b> & не жмёт', rating: 3 }),
      auth,
    );
    expect(stripped.status).toBe(200);
    const listed = await call(api, 'GET', `/api/v1/operator/reviews/?status=pending`, undefined, op);
    const mineListed = listed.json.results.find((r: { id: number }) => r.id === stripped.json.id);
    expect(mineListed.text).toBe('Хорошо сидит & не жмёт');
  });
});

describe('photos', () => {
  it('stores a WebP without metadata, refuses non-images, tiny and oversized files', async () => {
    const big = await jpeg(2400, 1800, true);
    expect((await sharp(big).metadata()).exif).toBeTruthy();
    const res = await upload(big);
    expect(res.status).toBe(200);
    const photo = ReviewPhotoUploaded.parse(res.json);
    expect([photo.width, photo.height]).toEqual([1600, 1200]);
    const [stored] = await api.handle.db.select().from(reviewPhotos).where(eq(reviewPhotos.key, photo.key));
    const meta = await sharp(stored!.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored!.data.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    // Not public before its review is approved.
    expect((await api.app.request(`/media/reviews/${photo.key}.webp`)).status).toBe(404);

    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(text.status).toBe(415);
    expect(text.json.message).toMatch(/не фото/);
    expect((await upload(await jpeg(100, 100))).status).toBe(400);
    const random = Buffer.alloc(1024 * 1024 + 10, 7);
    const huge = await upload(random);
    expect(huge.status).toBe(413);
    expect(huge.json.message).toMatch(/больше 1 МБ/);
    expect((await upload(await jpeg(400, 400), 'image/jpeg', {})).status).toBe(401);
    expect((await upload(await jpeg(400, 400), 'application/json')).status).toBe(415);
  });
});

describe('moderation and the public list', () => {
  it('shows a review, its photo, rating and fit only after approval, with a change event', async () => {
    const product = (await api.handle.db.select({ id: products.id }).from(products).limit(2))[1]!.id;
    const previous = productId;
    productId = product;
    const buyer = await register('fit@example.ru', 'Посадкина Мария');
    const buyerAuth = { authorization: `Token ${buyer.token}` };
    try {
      const sizes = ['48', '48', '48', '50', '46'];
      const fits = ['true_to_size', 'true_to_size', 'runs_small', 'true_to_size', 'runs_large'];
      const ratings = [5, 4, 2, 5, 3];
      const lines = await placeOrder('delivered', 'paid', sizes, buyer.id);
      const photo = ReviewPhotoUploaded.parse((await upload(await jpeg(800, 1000), 'image/jpeg', buyerAuth)).json);
      const ids: number[] = [];
      for (const [i, line] of lines.entries()) {
        const res = await call(
          api,
          'POST',
          '/api/v1/reviews/',
          review(line, { fit: fits[i], rating: ratings[i], photos: i === 0 ? [photo.key] : [] }),
          buyerAuth,
        );
        expect(res.status).toBe(200);
        ids.push(res.json.id);
      }
      const before = ReviewListResponse.parse((await call(api, 'GET', `/api/v1/reviews/?product=${product}`)).json);
      expect(before.count).toBe(0);
      expect(before.summary.average).toBeNull();

      expect((await call(api, 'POST', `/api/v1/operator/reviews/${ids[0]}/approve/`)).status).toBe(401);
      expect(
        (
          await call(api, 'POST', `/api/v1/operator/reviews/${ids[0]}/approve/`, undefined, {
            authorization: 'Bearer x',
          })
        ).status,
      ).toBe(401);
      expect((await call(api, 'POST', `/api/v1/operator/reviews/999999/approve/`, undefined, op)).status).toBe(404);
      for (const id of ids.slice(0, 4)) {
        const res = await call(api, 'POST', `/api/v1/operator/reviews/${id}/approve/`, undefined, op);
        expect(res.status).toBe(200);
        expect(res.json.review.status).toBe('approved');
      }
      expect(
        (await call(api, 'POST', `/api/v1/operator/reviews/${ids[4]}/reject/`, undefined, op)).json.review.status,
      ).toBe('rejected');
      const changes = await api.handle.db.select().from(catalogChanges).where(eq(catalogChanges.productId, product));
      expect(changes.filter((c) => c.kind === 'product').length).toBeGreaterThanOrEqual(5);

      const list = ReviewListResponse.parse((await call(api, 'GET', `/api/v1/reviews/?product=${product}`)).json);
      expect(list.count).toBe(4);
      expect(list.summary).toMatchObject({
        count: 4,
        average: 4,
        stars: [0, 1, 0, 1, 2],
        with_photos: 1,
        fit: { runs_small: 1, true_to_size: 3, runs_large: 0 },
      });
      expect(list.summary.sizes).toEqual([
        { size: '48', total: 3, fit: { runs_small: 1, true_to_size: 2, runs_large: 0 } },
        { size: '50', total: 1, fit: { runs_small: 0, true_to_size: 1, runs_large: 0 } },
      ]);
      expect(list.results[0]!.author).toBe('Мария');
      const withPhoto = list.results.find((r) => r.photos.length === 1)!;
      const image = await api.app.request(withPhoto.photos[0]!.url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');

      const best = ReviewListResponse.parse(
        (await call(api, 'GET', `/api/v1/reviews/?product=${product}&sort=rating_asc`)).json,
      );
      expect(best.results.map((r) => r.rating)).toEqual([2, 4, 5, 5]);
      const fives = ReviewListResponse.parse(
        (await call(api, 'GET', `/api/v1/reviews/?product=${product}&rating=5`)).json,
      );
      expect(fives.count).toBe(2);
      expect(fives.summary.count).toBe(4);
      const photos = ReviewListResponse.parse(
        (await call(api, 'GET', `/api/v1/reviews/?product=${product}&photo=1`)).json,
      );
      expect(photos.results.map((r) => r.id)).toEqual([withPhoto.id]);

      // Listing cards carry the rating too (server/services/catalog.ts loadCards).
      const listed = await call(api, 'GET', `/api/v1/favorites/offers/?ids=${product},${previous}`);
      expect(listed.json.response.map((c: { rating: unknown }) => c.rating)).toEqual([{ average: 4, count: 4 }, null]);
      const cards = await call(api, 'GET', `/api/v1/reviews/ratings/?ids=${product},${previous},999999`);
      expect(cards.json.results).toEqual([{ product, average: 4, count: 4 }]);

      for (const bad of ['product=abc', 'product=1&rating=7', 'product=1&sort=best', 'product=1&photo=yes', '']) {
        const res = await call(api, 'GET', `/api/v1/reviews/?${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.json.status).toBe('error');
      }
      expect((await call(api, 'GET', '/api/v1/reviews/ratings/?ids=1,x')).status).toBe(400);
    } finally {
      productId = previous;
    }
  });
});

describe('rate limit', () => {
  it('stops an account after 20 review posts a day, valid or not, with a Russian 429', async () => {
    const spammer = await register('spam-review@example.ru', 'Частая Ольга');
    const h = { authorization: `Token ${spammer.token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await call(api, 'POST', '/api/v1/reviews/', { rating: 9 }, h)).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    const limited = await call(api, 'POST', '/api/v1/reviews/', { rating: 9 }, h);
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/Слишком много отзывов/);
  });
});

describe('console moderation (issue #32 guard)', () => {
  it('lets a manager or editor list and decide, with an audit record; not a shopper or a request without the header', async () => {
    const buyer = await register('console-review@example.ru', 'Консольная Ирина');
    const [line] = await placeOrder('delivered', 'paid', ['44'], buyer.id);
    const posted = await call(api, 'POST', '/api/v1/reviews/', review(line!), {
      authorization: `Token ${buyer.token}`,
    });
    expect(posted.status).toBe(200);
    const editor = await staffSession(api, 'editor');
    expect(
      (await call(api, 'GET', '/api/admin/reviews', undefined, { authorization: `Token ${buyer.token}` })).status,
    ).toBe(401);
    const list = await adminCall(api, editor, 'GET', '/api/admin/reviews?status=pending');
    expect(list.status).toBe(200);
    expect(list.json.map((r: { id: number }) => r.id)).toContain(posted.json.id);
    expect(
      (
        await adminCall(api, editor, 'POST', `/api/admin/reviews/${posted.json.id}/approve`, undefined, {
          'x-admin-request': '',
        })
      ).status,
    ).toBe(403);
    const decided = await adminCall(api, editor, 'POST', `/api/admin/reviews/${posted.json.id}/approve`);
    expect(decided.status).toBe(200);
    expect(decided.json.status).toBe('approved');
    const audit = await api.handle.db.select().from(auditLog).where(eq(auditLog.entity, 'reviews'));
    expect(audit.map((a) => [a.staffId, a.action, a.entityId])).toEqual([
      [editor.id, 'approve', String(posted.json.id)],
    ]);
    expect((await adminCall(api, editor, 'POST', '/api/admin/reviews/999999/reject')).status).toBe(404);
    // Past int4: refused by the contract with a Russian message, never handed to the database.
    const huge = await adminCall(api, editor, 'POST', '/api/admin/reviews/9999999999/reject');
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.json)).toContain('Номер записи слишком большой');
  });
});
