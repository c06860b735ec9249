/**
 * Two-instance consistency of the topology (issue #16 "Past one machine", docs/topology.md), on the
 * real processes `npm run start:cluster -- --web 2 --api 2` starts:
 * - a basket created through one API instance is read and changed through the other (spec §7
 *   /v2/cart/, the cart_id cookie);
 * - the login throttle counts failures made through both API instances (5 per account and client,
 *   server/services/throttle.ts): the 6th attempt is refused with the Russian 429 on either;
 * - a price change in the database is shown by both storefront instances within the freshness
 *   bound (change events → one POST /api/revalidate through nginx → the shared Redis cache);
 * - a tag revalidated on one storefront instance only is re-rendered on the other too;
 * - nginx answers over HTTP/2 with brotli and serves public pages from its micro-cache, never a
 *   signed-in shopper's request.
 *
 *   TEST_DATABASE_URL=postgres://shop_ci:shop_ci@127.0.0.1:5432/postgres npm run test:cluster
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root, sql, startCluster } from './cluster.mjs';

/** Seconds within which both storefronts must show a changed price (docs/caching.md round trip + the nginx micro-cache). */
const FRESHNESS_BOUND_S = 10;

let cluster;
before(async () => {
  cluster = await startCluster({ web: 2, api: 2 });
});
after(async () => {
  await cluster?.stop();
});

async function json(url, init = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { res, body: await res.json() };
}

describe('two API instances, one PostgreSQL and one Redis', () => {
  it('reads and changes through one instance a basket created through the other', async () => {
    const [a, b] = cluster.api;
    const [size] = await sql(
      cluster.databaseUrl,
      "select f.offer_id, f.ext_id from offer_features f join offers o on o.id = f.offer_id where f.kind = 'size' and f.stock >= 5 order by f.id limit 1",
    );
    const added = await json(`${a}/api/v2/cart/`, {
      method: 'POST',
      body: JSON.stringify({ offer: size.offer_id, feature: size.ext_id, quantity: 1 }),
    });
    assert.equal(added.res.status, 200, JSON.stringify(added.body));
    const cookie = added.res.headers.get('set-cookie').split(';')[0];
    const read = await json(`${b}/api/v2/cart/`, { headers: { cookie } });
    assert.equal(read.body.cart.count, 1);
    const item = read.body.cart.items[0].item_uuid;
    const changed = await json(`${b}/api/v2/cart/${item}/`, {
      method: 'PUT',
      headers: { cookie },
      body: JSON.stringify({ quantity: 3 }),
    });
    assert.equal(changed.res.status, 200, JSON.stringify(changed.body));
    const again = await json(`${a}/api/v2/cart/`, { headers: { cookie } });
    assert.equal(again.body.cart.items[0].quantity, 3);
    assert.equal(again.body.cart.total, changed.body.cart.total);
  });

  it('counts failed logins made through both instances against one limit', async () => {
    const client = { 'x-forwarded-for': `198.51.100.${(process.pid % 200) + 20}` };
    const attempt = (base) =>
      json(`${base}/api/v1/auth/`, {
        method: 'POST',
        headers: client,
        body: JSON.stringify({ username: 'nobody-cluster@example.ru', password: 'wrong-Pass1' }),
      });
    for (let i = 0; i < 5; i += 1) assert.equal((await attempt(cluster.api[i % 2])).res.status, 400);
    for (const base of cluster.api) {
      const refused = await attempt(base);
      assert.equal(refused.res.status, 429);
      assert.equal(refused.body.message, 'Слишком много попыток входа. Попробуйте снова через 15 минут');
    }
  });
});

describe('two storefront instances sharing the Next cache through Redis', () => {
  let productUrl;
  let productId;
  before(async () => {
    const html = await (await fetch(`${cluster.web[0]}/kupalniki`)).text();
    productUrl = /href="(\/kupalniki\/[a-z-]+\/(\d+)\/[a-z0-9-]+)"/.exec(html)?.[1];
    assert.ok(productUrl, 'a product link on the swimwear listing');
    productId = Number(productUrl.split('/')[3]);
  });

  it(`shows a price changed in the database through both instances within ${FRESHNESS_BOUND_S} s`, async () => {
    for (const web of cluster.web) assert.equal((await fetch(`${web}${productUrl}`)).status, 200);
    const [{ price }] = await sql(cluster.databaseUrl, 'select price::int as price from products where id = $1', [
      productId,
    ]);
    const next = price + 137;
    await sql(cluster.databaseUrl, 'update products set price = $1 where id = $2', [next, productId]);
    const started = Date.now();
    const seen = new Map();
    while (seen.size < cluster.web.length + 1 && Date.now() - started < FRESHNESS_BOUND_S * 1000) {
      for (const [name, url] of [
        ...cluster.web.map((w, i) => [`web${i + 1}`, `${w}${productUrl}`]),
        ['nginx', `${cluster.https}${productUrl}`],
      ]) {
        if (seen.has(name)) continue;
        const body = name === 'nginx' ? curl(url) : await (await fetch(url)).text();
        if (body.includes(`"price":"${next}.00"`) || body.includes(`"price":${next}`))
          seen.set(name, Date.now() - started);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(`price visible after (ms): ${JSON.stringify(Object.fromEntries(seen))}`);
    assert.deepEqual([...seen.keys()].sort(), ['nginx', 'web1', 'web2']);
  });

  it('re-renders on instance 2 a page whose tag was revalidated on instance 1 only', async () => {
    const { secret } = cluster;
    const url = `${cluster.web[1]}${productUrl}`;
    await fetch(url);
    assert.equal((await fetch(url)).headers.get('x-nextjs-cache'), 'HIT');
    const res = await fetch(`${cluster.web[0]}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: [`product:${productId}`] }),
    });
    assert.equal(res.status, 200);
    await new Promise((r) => setTimeout(r, 300)); // the endpoint merges calls for 50 ms
    assert.notEqual((await fetch(url)).headers.get('x-nextjs-cache'), 'HIT');
  });
});

/** GET through nginx with curl (HTTP/2, the cluster's CA): the body, or the headers with `-I`. */
function curl(url, ...args) {
  return execFileSync('curl', ['-s', '--http2', '--cacert', `${process.cwd()}/.cluster/tls/cert.pem`, ...args, url], {
    encoding: 'utf8',
  });
}

describe('nginx in front', () => {
  it('answers over HTTP/2 with brotli, serves public pages from its micro-cache and never a signed-in request', () => {
    // nginx keeps one copy per encoding (br, gzip, none): the first request makes the brotli one.
    curl(`${cluster.https}/`, '-o', '/dev/null', '-H', 'accept-encoding: br, gzip');
    const headers = curl(`${cluster.https}/`, '-D', '-', '-o', '/dev/null', '-H', 'accept-encoding: br, gzip');
    assert.match(headers, /^HTTP\/2 200/);
    assert.match(headers, /content-encoding: br/i);
    assert.match(headers, /x-cache: (HIT|UPDATING|STALE)/i);
    const signedIn = curl(`${cluster.https}/`, '-D', '-', '-o', '/dev/null', '-H', 'cookie: token=0123456789abcdef');
    assert.match(signedIn, /x-cache: BYPASS/i);
    const action = curl(`${cluster.https}/`, '-D', '-', '-o', '/dev/null', '-H', 'next-action: abc');
    assert.doesNotMatch(action, /x-cache: HIT/i);
  });

  it('sends the brotli 11 copy of a chunk written after the build (issue #14 item 17)', () => {
    const distDir = process.env.NEXT_DIST_DIR || '.next-cluster';
    const chunks = curl(`${cluster.https}/`).match(/\/_next\/static\/chunks\/[\w.-]+\.js/g) ?? [];
    const copies = chunks.map((url) => `${path.join(root, distDir, url.replace('/_next/', ''))}.br`);
    const index = copies.findIndex((file) => existsSync(file));
    assert.ok(index >= 0, `a brotli copy of one of the home page's chunks: ${chunks.join(', ')}`);
    const headers = curl(
      `${cluster.https}${chunks[index]}`,
      '-D',
      '-',
      '-o',
      '/dev/null',
      '-H',
      'accept-encoding: br, gzip',
    );
    assert.match(headers, /content-encoding: br/i);
    // brotli_static sends the copy as it is, with its length; the brotli filter would stream its own.
    assert.match(headers, new RegExp(`content-length: ${statSync(copies[index]).size}\\s`, 'i'));
  });
});
