/**
 * Change events (issue #13 "Truthful pages"): any committed change of prices, stock or products,
 * whoever makes it (here: plain SQL, as an operator or an import would), reaches the API's cached
 * answers at once and is posted to the storefront as cache tags, a burst coalesced into few rounds.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (LISTEN on its own connection).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { offerFeatures, offers, products } from '../db/schema';
import { createTestApi, type TestApi } from '../test-utils';
import { MAX_PRODUCT_TAGS, startChangeEvents, tagsFor, type ChangeEvents, type ChangeRound } from './change-events';

let api: TestApi;
let events: ChangeEvents;
const posted: Array<{ url: string; auth: string | null; tags: string[] }> = [];
const rounds: ChangeRound[] = [];

beforeAll(async () => {
  api = await createTestApi(30);
  const fakeStorefront = (async (url: string | URL | Request, init?: RequestInit) => {
    posted.push({
      url: String(url),
      auth: new Headers(init?.headers).get('authorization'),
      tags: JSON.parse(String(init?.body)).tags,
    });
    return new Response('{}', { status: 200 });
  }) as typeof fetch;
  events = await startChangeEvents(api.handle, {
    revalidateUrls: ['http://storefront.test/api/revalidate'],
    secret: 'revalidate-secret-0123456789',
    coalesceMs: 20,
    pollMs: 200,
    fetchImpl: fakeStorefront,
    onRound: (round) => rounds.push(round),
  });
});
afterAll(async () => {
  await events?.stop();
  await api?.close();
});

/** Resolves when a round matching `test` has happened (LISTEN or poll), or fails after 3 s. */
async function roundWhere(test: (round: ChangeRound) => boolean): Promise<ChangeRound> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const found = rounds.find(test);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such round; saw ${JSON.stringify(rounds.slice(-3))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('change events', () => {
  it('a price changed by plain SQL reaches the cached API answer and the storefront within a round', async () => {
    const app = createApp(api.handle.db, { cacheTtlMs: 600_000 });
    const [p] = await api.handle.db.select({ id: products.id }).from(products).limit(1);
    const ask = async () =>
      (await (await app.request(`/api/v1/product_offer/?pk=${p!.id}`)).json()) as {
        price?: number;
        product?: { price: number };
      };
    const before = await ask();
    expect(JSON.stringify(before)).not.toContain('7777');
    const started = Date.now();
    await api.handle.db.execute(sql`update products set price = 7777 where id = ${p!.id}`);
    const round = await roundWhere((r) => r.products.includes(p!.id));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(round.tags).toEqual([`product:${p!.id}`, 'listings']);
    expect(JSON.stringify(await ask())).toContain('7777');
    const post = posted.find((x) => x.tags.includes(`product:${p!.id}`))!;
    expect(post.url).toBe('http://storefront.test/api/revalidate');
    expect(post.auth).toBe('Bearer revalidate-secret-0123456789');
  });

  it('a sell-out is a stock change of that product only', async () => {
    const [size] = await api.handle.db
      .select({ id: offerFeatures.id, productId: offers.productId })
      .from(offerFeatures)
      .innerJoin(offers, sql`${offers.id} = ${offerFeatures.offerId}`)
      .where(sql`${offerFeatures.stock} > 0`)
      .limit(1);
    const count = rounds.length;
    await api.handle.db.execute(sql`update offer_features set stock = 0 where id = ${size!.id}`);
    const round = await roundWhere((r) => rounds.indexOf(r) >= count && r.products.includes(size!.productId));
    expect(round.catalog).toBe(false);
    expect(round.tags).toContain(`product:${size!.productId}`);
  });

  it('coalesces a burst of 50 statements into a few rounds, and a bulk change into the catalog tag', async () => {
    const ids = (await api.handle.db.select({ id: products.id }).from(products).limit(10)).map((r) => r.id);
    const count = rounds.length;
    for (let i = 0; i < 50; i += 1)
      await api.handle.db.execute(sql`update products set price = ${1000 + i} where id = ${ids[i % ids.length]!}`);
    await roundWhere((r) => rounds.indexOf(r) >= count && r.products.includes(ids[49 % ids.length]!));
    await events.flush();
    const burst = rounds.slice(count);
    expect(burst.reduce((n, r) => n + r.changes, 0)).toBe(50);
    expect(burst.length).toBeLessThan(10);
    expect(
      tagsFor(
        Array.from({ length: MAX_PRODUCT_TAGS + 1 }, (_, i) => i + 1),
        false,
      ),
    ).toEqual(['catalog', 'listings']);
  });

  it('a brand change revalidates the whole catalogue', async () => {
    const count = rounds.length;
    await api.handle.db.execute(sql`update brands set name = name where id = (select min(id) from brands)`);
    const round = await roundWhere((r) => rounds.indexOf(r) >= count && r.catalog);
    expect(round.tags).toContain('catalog');
  });

  it("re-expires a round's tags later, but leaves out those a later round has expired since", async () => {
    // A bulk change with a round a second must not expire `listings` three times a second
    // (every expiry re-renders every listing in every worker).
    const seen: Array<{ at: number; tags: string[] }> = [];
    const own = await startChangeEvents(api.handle, {
      revalidateUrls: ['http://storefront.test/api/revalidate'],
      coalesceMs: 10,
      pollMs: 5000,
      reexpireMs: [300, 600],
      fetchImpl: (async (_url: string | URL | Request, init?: RequestInit) => {
        seen.push({ at: Date.now(), tags: JSON.parse(String(init?.body)).tags });
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    });
    try {
      const [a, b] = (await api.handle.db.select({ id: products.id }).from(products).limit(2)).map((r) => r.id);
      await api.handle.db.execute(sql`update products set price = 4441 where id = ${a!}`);
      await own.flush();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await api.handle.db.execute(sql`update products set price = 4442 where id = ${b!}`);
      await own.flush();
      await new Promise((resolve) => setTimeout(resolve, 900));
      const withA = seen.filter((p) => p.tags.includes(`product:${a!}`));
      const withB = seen.filter((p) => p.tags.includes(`product:${b!}`));
      expect(withA.map((p) => p.tags)).toEqual([[`product:${a!}`, 'listings'], [`product:${a!}`], [`product:${a!}`]]);
      expect(withB.map((p) => p.tags)).toEqual([
        [`product:${b!}`, 'listings'],
        [`product:${b!}`, 'listings'],
        [`product:${b!}`, 'listings'],
      ]);
      // the last expiry of `listings` still comes after the last round
      expect(seen.filter((p) => p.tags.includes('listings')).at(-1)!.at).toBeGreaterThanOrEqual(withB[0]!.at + 550);
    } finally {
      await own.stop();
    }
  });
});
