/**
 * `npm run bench:import [-- --offers 100000] [--products 10000] [--sizes 5] [--feed-products 100000]
 *  [--db <folder> | --db postgres://…] [--port 8610] [--process-defaults]` (issue #15 "Measured
 *  targets"):
 *
 * 1. generates a Yandex Market YML feed of `--offers` offers (groups of 2 colours × 2 sizes) and a
 *    CommerceML exchange (import.xml + offers.xml) of `--products` products × `--sizes` sizes;
 * 2. creates the database (a fresh PGlite folder by default, the embedded database of the shop; or
 *    an empty PostgreSQL database of `--db`) in a process of its own;
 * 3. imports the YML in a new process, as `npm run import` does, then again (a re-import must change
 *    0 rows), printing time, CPU and the importing process's peak RSS (`--process-defaults`: without
 *    the CLI's importProcessSettings(), to compare);
 * 4. starts the shop API on that database and runs the 1C exchange over HTTP the way 1C does:
 *    checkauth → init → file (chunks of file_limit) → import (asked again while "progress"), for
 *    import.xml and then offers.xml, printing the time and the API's RSS;
 * 5. copies products with SQL up to `--feed-products`, starts the API again, waits for its first
 *    build of the feed files (issue #28: feeds are built after changes, answered 503 until the
 *    first build) and GETs /api/v1/feeds/yml.xml, printing the build's time and the time to the
 *    first body byte; `--feed-products 0` skips this step (scripts/bench-feeds.mjs measures the
 *    feeds at 100,000 products on PostgreSQL).
 *
 * Targets: YML ≤ 60 s and ≤ 500 MB, an unchanged re-import ≤ 10 % of the first import's time
 * (issue #28), the same feed read again with --force 0 rows, CommerceML ≤ 60 s, feed first byte
 * < 1 s. Pictures are not fetched (placeholders) unless `--pictures N`. Every
 * database step runs in its own process because the embedded PGlite belongs to one process.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const OFFERS = Number(arg('offers', 100_000));
const PRODUCTS = Number(arg('products', 10_000));
const SIZES = Number(arg('sizes', 5));
const FEED_PRODUCTS = Number(arg('feed-products', 100_000));
const PORT = Number(arg('port', 8610));
/**
 * `--pictures N` (issue #28): the first N product groups of the feed name one picture each, served
 * by a local HTTP server of this script; every tenth never answers (the import's timeout,
 * `--picture-timeout` ms, default 2000), as a real shop's dead CDN links do.
 */
const PICTURES = Number(arg('pictures', 0));
const PICTURE_TIMEOUT_MS = Number(arg('picture-timeout', 2000));
/** `--process-defaults`: the YML import without importProcessSettings() (for a before/after). */
const DEFAULTS = process.argv.includes('--process-defaults');
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');

const COLORS = ['Чёрный', 'белый', 'Красный', 'синий', 'Бежевый', 'зелёный'];
const CATS = [
  ['1', 'Платья'],
  ['2', 'Купальники'],
  ['3', 'Обувь'],
  ['4', 'Сумки'],
  ['5', 'Мужская одежда'],
];
const SIZE_NAMES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];

/** Writes the lines to a file, 2,000 at a time. */
async function writeLines(file, lines) {
  const fh = await open(file, 'w');
  let buf = [];
  for (const line of lines) {
    buf.push(line);
    if (buf.length >= 2000) {
      await fh.write(buf.join('\n'));
      buf = [];
    }
  }
  await fh.write(buf.join('\n'));
  await fh.close();
}

function* yml(offers, pictureBase) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-23 10:00"><shop><name>Бенч</name><company>Бенч</company><url>https://bench.example.ru/</url>';
  yield '<currencies><currency id="RUR" rate="1"/></currencies><categories>';
  for (const [id, name] of CATS) yield `<category id="${id}">${name}</category>`;
  yield '</categories><offers>';
  for (let i = 0; i < offers; i++) {
    const group = Math.floor(i / 4);
    const color = COLORS[(group + Math.floor((i % 4) / 2)) % COLORS.length];
    const size = SIZE_NAMES[(i % 2) + (group % 3)];
    const price = 990 + (group % 50) * 100;
    yield `<offer id="o${i}" group_id="g${group}" available="${i % 7 ? 'true' : 'false'}"><name>Товар номер ${group} «Бенч»</name><price>${price}</price>${group % 5 === 0 ? `<oldprice>${price + 1000}</oldprice>` : ''}<currencyId>RUR</currencyId><categoryId>${CATS[group % CATS.length][0]}</categoryId><vendor>Бренд ${group % 40}</vendor><description><![CDATA[<p>Описание товара ${group}: ткань, крой, уход.</p>]]></description><param name="Цвет">${color}</param><param name="размер">${size}</param><param name="Материал">хлопок</param><count>${i % 9}</count>${pictureBase && group < PICTURES ? `<picture>${pictureBase}/g${group}.jpg</picture>` : ''}</offer>`;
  }
  yield '</offers></shop></yml_catalog>\n';
}

function* cmlImport(products) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><Классификатор><Ид>c</Ид><Наименование>К</Наименование><Группы>';
  for (const [id, name] of CATS) yield `<Группа><Ид>grp-${id}</Ид><Наименование>${name}</Наименование></Группа>`;
  yield '</Группы></Классификатор><Каталог СодержитТолькоИзменения="false"><Ид>cat</Ид><Товары>';
  for (let p = 0; p < products; p++) {
    yield `<Товар><Ид>prod-${p}</Ид><Наименование>Товар 1С ${p}</Наименование><Группы><Ид>grp-${CATS[p % CATS.length][0]}</Ид></Группы><Описание>Описание ${p}</Описание><Изготовитель><Ид>m${p % 30}</Ид><Наименование>Производитель ${p % 30}</Наименование></Изготовитель></Товар>`;
  }
  yield '</Товары></Каталог></КоммерческаяИнформация>\n';
}

function* cmlOffers(products, sizes) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений СодержитТолькоИзменения="false"><Ид>cat#</Ид><ТипыЦен><ТипЦены><Ид>ret</Ид><Наименование>Розничная</Наименование></ТипЦены></ТипыЦен><Предложения>';
  for (let p = 0; p < products; p++) {
    for (let s = 0; s < sizes; s++) {
      yield `<Предложение><Ид>prod-${p}#sz${s}</Ид><Наименование>Товар 1С ${p}</Наименование><ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${SIZE_NAMES[s % SIZE_NAMES.length]}</Значение></ХарактеристикаТовара><ХарактеристикаТовара><Наименование>Цвет</Наименование><Значение>${COLORS[p % COLORS.length]}</Значение></ХарактеристикаТовара></ХарактеристикиТовара><Цены><Цена><ИдТипаЦены>ret</ИдТипаЦены><ЦенаЗаЕдиницу>${1500 + (p % 20) * 50}</ЦенаЗаЕдиницу></Цена></Цены><Количество>${(p + s) % 6}</Количество></Предложение>`;
    }
  }
  yield '</Предложения></ПакетПредложений></КоммерческаяИнформация>\n';
}

const mbOf = (kb) => Math.round(kb / 1024);
const secs = (ms) => (ms / 1000).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Child processes: each opens the database, does one step, prints one JSON line, exits.

/** Copies existing products (with offers, sizes, pictures) with SQL until there are `total`. */
async function fillProducts(db, sql, total) {
  const one = async (q) => (await db.execute(sql.raw(q))).rows[0];
  const { n: have, max } = await one('select count(*)::int as n, max(id)::int as max from products');
  if (have >= total) return 0;
  await db.transaction(async (tx) => {
    const run = (q) => tx.execute(sql.raw(q));
    // The copies are bench data: no change events for them (issue #13 triggers).
    await run('set local session_replication_role = replica');
    // Numbered once and joined (an OFFSET per copy scanned the table 65,000 times: over 20 min on PGlite).
    await run(`create temp table copy_map on commit drop as
       with src as (select id, row_number() over (order by id) - 1 as rn from products)
       select ${max} + g as new_id, src.id as src
       from generate_series(1, ${total - have}) g join src on src.rn = (g - 1) % ${have}`);
    await run('create index on copy_map (src)');
    await run(`insert into products (id, slug, name, type, brand_id, category_id, description, composition, material, country, care, price, old_price, is_new, popularity, weight, search_text, created_at)
       select m.new_id, p.slug || '-' || m.new_id, p.name, p.type, p.brand_id, p.category_id, p.description, p.composition, p.material, p.country, p.care, p.price, p.old_price, p.is_new, p.popularity, p.weight, p.search_text, p.created_at
       from copy_map m join products p on p.id = m.src`);
    await run(`create temp table offer_map on commit drop as
       select o.id as src_offer, m.new_id, nextval(pg_get_serial_sequence('offers', 'id')) as new_offer
       from copy_map m join offers o on o.product_id = m.src`);
    await run(`insert into offers (id, product_id, color_id, ext_id, sort)
       select om.new_offer, om.new_id, o.color_id, 'B' || om.new_offer, o.sort from offer_map om join offers o on o.id = om.src_offer`);
    await run(`insert into offer_features (offer_id, kind, name, ext_id, stock, sort)
       select om.new_offer, f.kind, f.name, 'B' || om.new_offer || '-' || f.id, f.stock, f.sort
       from offer_map om join offer_features f on f.offer_id = om.src_offer`);
    await run(`insert into product_images (product_id, offer_id, url, alt, is_main, width, height, sort)
       select om.new_id, om.new_offer, i.url, i.alt, i.is_main, i.width, i.height, i.sort
       from offer_map om join product_images i on i.offer_id = om.src_offer`);
  });
  await db.execute(sql.raw('analyze'));
  return total - have;
}

async function child(task, db, file) {
  const { openDb } = await import('../server/db/client');
  const { importProcessSettings } = await import('../server/services/catalog-import');
  // The YML import runs as `npm run import` does (server/import/cli.ts).
  const options = task.startsWith('yml') && !DEFAULTS ? importProcessSettings() : {};
  const t0 = performance.now();
  const handle = await openDb(db, options);
  const out = {
    driver: handle.driver,
    openMs: performance.now() - t0,
    rssAfterOpenKb: process.memoryUsage().rss / 1024,
  };
  try {
    if (task === 'setup') {
      const { seedDatabase } = await import('../server/seed');
      await seedDatabase(handle.db, { products: 10, demo: false });
    } else if (task === 'yml' || task === 'yml-force') {
      // As `npm run import` does: recorded in import_runs (an unchanged feed is known by it).
      const { importYml } = await import('../server/services/catalog-import');
      const c = process.cpuUsage();
      const t = performance.now();
      const r = await importYml(handle.db, file, {
        pictures: process.env.BENCH_MEDIA_DIR
          ? { mediaDir: process.env.BENCH_MEDIA_DIR, timeoutMs: PICTURE_TIMEOUT_MS }
          : null,
        defaultSection: 'odezhda',
        force: task === 'yml-force',
      });
      const u = process.cpuUsage(c);
      Object.assign(out, {
        ms: performance.now() - t,
        cpuS: (u.user + u.system) / 1e6,
        products: r.products,
        sizes: r.sizes,
        skipped: r.skipped.length,
        rowsChanged: r.rowsChanged,
        unchangedFile: !!r.unchangedSince,
        pictures: { stored: r.pictures.stored, failed: r.pictures.failed.length, notRetried: r.pictures.notRetried },
      });
    } else if (task === 'fill') {
      const { sql } = await import('drizzle-orm');
      const t = performance.now();
      out.copied = await fillProducts(handle.db, sql, Number(file));
      out.ms = performance.now() - t;
    }
  } finally {
    await handle.close();
  }
  out.maxRssKb = process.resourceUsage().maxRSS;
  process.stdout.write(`\n@@${JSON.stringify(out)}\n`);
}

/** Runs a child step of this script and returns its JSON line. */
function runChild(task, db, file = '', env = {}) {
  return new Promise((resolve, reject) => {
    const flags = DEFAULTS ? ['--process-defaults'] : [];
    const p = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', task, db, file, ...flags], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.on('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('@@'));
      if (code !== 0 || !line) reject(new Error(`bench step ${task} exited with ${code}:\n${stdout}`));
      else resolve(JSON.parse(line.slice(2)));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The API (1C exchange, feed)

/** VmRSS / VmHWM (peak) of a process, kB (Linux). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: read('VmRSS'), hwm: read('VmHWM') };
}

const USER = 'bench';
const PASSWORD = 'bench-пароль';

/** Starts the API as one node process on the bench database; resolves once the catalogue index is built. */
async function startApi(db, exchangeDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...(db.startsWith('postgres') ? { DATABASE_URL: db } : { PGLITE_DIR: db, DATABASE_URL: '' }),
      API_PORT: String(PORT),
      API_HOST: '127.0.0.1',
      RESERVATION_SWEEP_SECONDS: '0',
      STOREFRONT_REVALIDATE_URLS: '',
      EXCHANGE_USER: USER,
      EXCHANGE_PASSWORD: PASSWORD,
      EXCHANGE_DIR: exchangeDir,
      IMPORT_MEDIA_DIR: path.join(exchangeDir, 'media'),
      IMPORT_PRICE_TYPE: 'Розничная',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  // A loaded machine (load average 20+ on 2 cores) has taken over 2 minutes to start the API.
  for (let i = 0; i < 6000; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${log}`);
    // Ready when it listens and (with the catalogue index on, the default) the index is built.
    // Since issue #31 the API listens while it migrates: /api/ready answers 200 once it is ready.
    if (/listening on/.test(log) && (/catalogue index build/.test(log) || i > 600) && (await apiReady())) return child;
    await sleep(100);
  }
  await stopApi(child);
  throw new Error(`API did not start in 600 s:\n${log}`);
}

/** Whether the API says it is ready (an API from before /api/ready: true). */
async function apiReady() {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/ready`);
    return res.ok || res.status === 404;
  } catch {
    return false;
  }
}

async function stopApi(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * The 1C side of a catalogue exchange: checkauth → init → file (in chunks of file_limit) →
 * import, asked again while it answers "progress". Returns the last answer of each import.
 */
async function exchangeAs1C(dir, files) {
  const base = `http://127.0.0.1:${PORT}/1c_exchange?type=catalog`;
  const auth = { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` };
  const call = async (query, body) => {
    const res = await fetch(`${base}&${query}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...auth, ...(cookie ? { cookie } : {}) },
      ...(body ? { body } : {}),
    });
    const text = await res.text();
    if (!res.ok || text.startsWith('failure')) throw new Error(`1C exchange ${query}: ${res.status} ${text}`);
    return text;
  };
  let cookie = '';
  const [, name, value] = (await call('mode=checkauth')).split('\n');
  cookie = `${name}=${value}`;
  const limit = Number(/file_limit=(\d+)/.exec(await call('mode=init'))?.[1] ?? 1_000_000);
  let chunks = 0;
  for (const f of files) {
    const bytes = await readFile(path.join(dir, f));
    for (let at = 0; at < bytes.length; at += limit, chunks++)
      await call(`mode=file&filename=${f}`, bytes.subarray(at, at + limit));
  }
  const answers = [];
  for (const f of files) {
    let answer;
    do answer = await call(`mode=import&filename=${f}`);
    while (answer.startsWith('progress'));
    answers.push(answer);
  }
  return { answers, chunks, limit };
}

/**
 * Waits (up to 15 minutes) until the API's first build of the YML feed answers 200 to HEAD.
 * @returns ms waited and how many 503 answers came before
 */
async function feedBuilt() {
  const t0 = performance.now();
  let retries = 0;
  while (performance.now() - t0 < 15 * 60_000) {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/feeds/yml.xml`, { method: 'HEAD' });
    if (res.status === 200) return { ms: performance.now() - t0, retries };
    retries += 1;
    await sleep(500);
  }
  throw new Error('the feed was not built within 15 minutes');
}

/** GETs the YML feed and times the first body byte; reads on for 2 s, then hangs up. */
async function feedFirstByte() {
  const controller = new AbortController();
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/feeds/yml.xml`, { signal: controller.signal });
  const headersMs = performance.now() - t0;
  const reader = res.body.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - t0;
    bytes += value.length;
    if (performance.now() - t0 > firstByteMs + 2000) break;
  }
  controller.abort();
  return { status: res.status, headersMs, firstByteMs, bytes };
}

/**
 * The picture server of `--pictures`: /g{n}.jpg answers a small JPEG, except every tenth n, which
 * never answers. Counts requests.
 */
async function pictureServer() {
  const http = await import('node:http');
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7b1e3a' } })
    .jpeg()
    .toBuffer();
  const state = { requests: 0, base: '', close: () => {} };
  const server = http.createServer((req, res) => {
    state.requests++;
    const n = Number(/\/g(\d+)\.jpg$/.exec(req.url ?? '')?.[1] ?? -1);
    if (n < 0) return res.writeHead(404).end();
    if (n % 10 === 0) return; // a dead link: the import's timeout ends it
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  state.base = `http://127.0.0.1:${server.address().port}`;
  state.close = () => server.close();
  server.unref();
  return state;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  const db = arg('db', path.join(dir, 'pglite'));
  let api;
  try {
    const ymlFile = path.join(dir, 'feed.yml');
    const pictures = PICTURES ? await pictureServer() : null;
    await writeLines(ymlFile, yml(OFFERS, pictures?.base));
    await writeLines(path.join(dir, 'import.xml'), cmlImport(PRODUCTS));
    await writeLines(path.join(dir, 'offers.xml'), cmlOffers(PRODUCTS, SIZES));
    const setup = await runChild('setup', db);
    console.log(
      `bench:import on ${setup.driver}${setup.driver === 'pglite' ? ' (folder)' : ''}; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores; creating the database peaked at ${mbOf(setup.maxRssKb)} MB (a process of its own)`,
    );
    const pictureEnv = pictures ? { BENCH_MEDIA_DIR: path.join(dir, 'media') } : {};
    const fetchedNow = () => {
      const n = pictures?.requests ?? 0;
      if (pictures) pictures.requests = 0;
      return n;
    };

    const first = await runChild('yml', db, ymlFile, pictureEnv);
    console.log(
      `YML ${OFFERS} offers${PICTURES ? ` (${PICTURES} pictures, every tenth never answers)` : ''}: ${secs(first.ms)} s (target ≤ 60 s), CPU ${first.cpuS.toFixed(1)} s; products created ${first.products.created}, sizes ${first.sizes.created}, skipped ${first.skipped}; pictures stored ${first.pictures.stored}, failed ${first.pictures.failed}, fetched ${fetchedNow()}; importing process RSS ${mbOf(first.rssAfterOpenKb)} MB after opening the database, peak ${mbOf(first.maxRssKb)} MB (target ≤ 500 MB)`,
    );
    const second = await runChild('yml', db, ymlFile, pictureEnv);
    console.log(
      `YML unchanged re-import: ${secs(second.ms)} s = ${((100 * second.ms) / first.ms).toFixed(1)} % of the first (target ≤ 10 %); recognised as unchanged: ${second.unchangedFile}; rows changed ${second.rowsChanged}; pictures fetched ${fetchedNow()}; peak RSS ${mbOf(second.maxRssKb)} MB`,
    );
    const forced = await runChild('yml-force', db, ymlFile, pictureEnv);
    console.log(
      `YML same feed read again (--force): ${secs(forced.ms)} s = ${((100 * forced.ms) / first.ms).toFixed(1)} % of the first, CPU ${forced.cpuS.toFixed(1)} s; rows changed ${forced.rowsChanged} (target 0); products unchanged ${forced.products.unchanged}; failed pictures not asked again ${forced.pictures.notRetried}, pictures fetched ${fetchedNow()}; peak RSS ${mbOf(forced.maxRssKb)} MB`,
    );
    pictures?.close();

    api = await startApi(db, path.join(dir, 'exchange'));
    const before = memory(api.pid);
    const t = performance.now();
    const cml = await exchangeAs1C(dir, ['import.xml', 'offers.xml']);
    const cmlMs = performance.now() - t;
    const after = memory(api.pid);
    const created = /Размеры: создано (\d+)/.exec(cml.answers[1])?.[1];
    console.log(
      `CommerceML ${PRODUCTS} products × ${SIZES} sizes over the 1C exchange (checkauth → init → file ×${cml.chunks} of ≤ ${mbOf(cml.limit / 1024)} MB → import): ${secs(cmlMs)} s (target ≤ 60 s); sizes created ${created}; API RSS ${mbOf(before.rss)} → ${mbOf(after.rss)} MB, peak ${mbOf(after.hwm)} MB`,
    );
    await stopApi(api);

    if (FEED_PRODUCTS > 0) {
      const fill = await runChild('fill', db, String(FEED_PRODUCTS));
      api = await startApi(db, path.join(dir, 'exchange'));
      // One small request first, so module loading is not timed (as scripts/bench-feeds.mjs).
      await (await fetch(`http://127.0.0.1:${PORT}/api/v1/categories`)).text();
      const built = await feedBuilt();
      const feed = await feedFirstByte();
      console.log(
        `/api/v1/feeds/yml.xml with ${FEED_PRODUCTS} products (${fill.copied} copied by SQL): first build ready ${secs(built.ms)} s after the API answered (${built.retries} answers 503 before); then status ${feed.status}, headers ${Math.round(feed.headersMs)} ms, first body byte ${Math.round(feed.firstByteMs)} ms (target < 1 s), ${mbOf(feed.bytes / 1024)} MB in the next 2 s; load average ${os.loadavg()[0].toFixed(1)}`,
      );
    }
  } finally {
    if (api) await stopApi(api);
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  child(process.argv[3], process.argv[4], process.argv[5]).catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
