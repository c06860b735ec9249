#!/usr/bin/env node
/**
 * Kill -9 of one storefront and one API instance in the middle of a 60 s mixed load (issue #16,
 * docs/topology.md): browsing, search and basket GETs through nginx, orders (POST /api/v1/order/)
 * through nginx's API balancer. Passes when no GET failed, every order answered 2xx exists exactly
 * once, no contact has two orders, and the failed orders (at most those in flight on the killed
 * API) got a Russian message or a dropped connection. The supervisor restarts the killed ones.
 *
 *   TEST_DATABASE_URL=postgres://…/postgres node tests/cluster/kill-9.mjs [--seconds 60]
 */
import { parseArgs } from 'node:util';
import { pidOnPort, sql, startCluster } from './cluster.mjs';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
const seconds = Number(args.seconds);
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // the cluster's self-signed certificate, loopback only

const cluster = await startCluster({ web: 2, api: 2 });
let failed = false;
try {
  const base = cluster.https.replace('localhost', '127.0.0.1');
  const listing = await (await fetch(`${cluster.web[0]}/kupalniki`)).text();
  const product = /href="(\/kupalniki\/[a-z-]+\/\d+\/[a-z0-9-]+)"/.exec(listing)[1];
  const [city] = await sql(cluster.databaseUrl, "select id from cities where name = 'Москва'");
  const [size] = await sql(
    cluster.databaseUrl,
    "select offer_id, ext_id from offer_features where kind = 'size' order by id limit 1",
  );
  await sql(cluster.databaseUrl, 'update offer_features set stock = 100000 where ext_id = $1', [size.ext_id]);
  const gets = ['/', '/kupalniki?size=S,M', product, `/search?searchParam=${encodeURIComponent('платье')}`];
  const run = `k${Date.now().toString(36)}`;
  const stats = { get: 0, getFailed: [], ordersOk: [], ordersFailed: [] };
  const deadline = Date.now() + seconds * 1000;

  const browse = async () => {
    for (let i = 0; Date.now() < deadline; i += 1) {
      const url = `${base}${gets[i % gets.length]}`;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        stats.get += 1;
        if (res.status >= 500) stats.getFailed.push(`${res.status} ${url}`);
      } catch (error) {
        stats.getFailed.push(`${error.cause?.code ?? error.message} ${url}`);
      }
    }
  };
  const order = async (worker) => {
    for (let i = 0; Date.now() < deadline; i += 1) {
      const email = `${run}-${worker}-${i}@example.ru`;
      const body = {
        contact: { fio: 'Петрова Мария Ивановна', email, phone: '+7(916)-123-45-67' },
        delivery: {
          method: 'courier',
          city_id: city.id,
          street: 'Тверская',
          house: '12',
          apartment: '45',
          postcode: '125009',
        },
        items: [{ offer: size.offer_id, feature: size.ext_id, quantity: 1 }],
      };
      try {
        const res = await fetch(`${cluster.apiLb}/api/v1/order/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        if (res.ok) stats.ordersOk.push(email);
        else stats.ordersFailed.push({ email, status: res.status, text: text.slice(0, 200) });
      } catch (error) {
        stats.ordersFailed.push({ email, status: 0, text: error.cause?.code ?? error.message });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const killer = (async () => {
    await new Promise((r) => setTimeout(r, (seconds * 1000) / 2));
    const webPid = await pidOnPort(new URL(cluster.web[0]).port);
    const apiPid = await pidOnPort(new URL(cluster.api[0]).port);
    process.kill(webPid, 'SIGKILL');
    process.kill(apiPid, 'SIGKILL');
    console.log(
      `kill -9 at ${seconds / 2} s: storefront ${cluster.web[0]} (pid ${webPid}), API ${cluster.api[0]} (pid ${apiPid})`,
    );
  })();
  await Promise.all([...Array.from({ length: 6 }, browse), ...Array.from({ length: 3 }, (_, w) => order(w)), killer]);

  const rows = await sql(
    cluster.databaseUrl,
    'select contact_email, count(*)::int as n from orders where contact_email like $1 group by contact_email',
    [`${run}-%`],
  );
  const stored = new Map(rows.map((r) => [r.contact_email, r.n]));
  const lost = stats.ordersOk.filter((e) => stored.get(e) !== 1);
  const doubled = rows.filter((r) => r.n > 1).map((r) => r.contact_email);
  const unclear = stats.ordersFailed.filter((f) => f.status !== 0 && !/[а-яё]/i.test(f.text));
  console.log(`GETs: ${stats.get}, failed: ${stats.getFailed.length}`);
  console.log(
    `orders answered 2xx: ${stats.ordersOk.length}, not stored exactly once: ${lost.length}; contacts with two orders: ${doubled.length}`,
  );
  console.log(
    `orders refused or cut off: ${stats.ordersFailed.length} (${stats.ordersFailed
      .slice(0, 5)
      .map((f) => `${f.status} ${f.text.slice(0, 120)}`)
      .join('; ')}); stored anyway: ${stats.ordersFailed.filter((f) => stored.has(f.email)).length}`,
  );
  if (stats.getFailed.length) console.log(`failed GETs: ${stats.getFailed.slice(0, 10).join('; ')}`);
  failed =
    stats.getFailed.length > 0 ||
    lost.length > 0 ||
    doubled.length > 0 ||
    unclear.length > 0 ||
    stats.ordersFailed.length > 6;
  console.log(failed ? 'FAIL' : 'ok');
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
