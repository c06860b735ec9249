/**
 * Issue #13 "Truthful pages", done-when: a price change reaches the cached product page and its
 * listing within 2 s, in the HTML itself (no JavaScript), on every storefront worker. The change
 * arrives the way a shop's 1C sends it (issue #15): a CommerceML offers package through the
 * exchange of the shop API (`/1c_exchange`, server/routes/exchange). From there the database
 * triggers, the API's change events (the product patched into the catalogue index) and
 * POST /api/revalidate (fanned out to both workers) do the rest (docs/caching.md).
 */
import { expect, test } from '@playwright/test';
import { API_URL } from './helpers';

test.describe.configure({ timeout: 120_000 });

/** The exchange login of the e2e API (tests/e2e/global-setup.ts). */
const AUTH = `Basic ${Buffer.from('e2e-1c:e2e-1c-secret').toString('base64')}`;
const RUN = Date.now().toString(36);
const PRODUCT = `e2e-price-${RUN}`;
const NAME = `Купальник слитный «Прибой» ${RUN}`;

const catalogXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <Классификатор><Ид>e2e-cls</Ид><Наименование>Классификатор</Наименование>
    <Группы><Группа><Ид>e2e-swim-one</Ид><Наименование>Слитные купальники</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="true"><Ид>e2e-cat</Ид><ИдКлассификатора>e2e-cls</ИдКлассификатора><Наименование>Каталог</Наименование>
    <Товары><Товар><Ид>${PRODUCT}</Ид><Наименование>${NAME}</Наименование><Группы><Ид>e2e-swim-one</Ид></Группы>
      <Описание>Плотная ткань, подкладка</Описание></Товар></Товары>
  </Каталог>
</КоммерческаяИнформация>`;

/** An offers package with the one size of the product at `price` rubles. */
const offersXml = (price: number) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <ПакетПредложений СодержитТолькоИзменения="true"><Ид>e2e-cat#</Ид><ИдКаталога>e2e-cat</ИдКаталога>
    <ТипыЦен><ТипЦены><Ид>pt-ret</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Предложения><Предложение><Ид>${PRODUCT}#s46</Ид><Наименование>${NAME} (46)</Наименование>
      <ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>46</Значение></ХарактеристикаТовара></ХарактеристикиТовара>
      <Цены><Цена><ИдТипаЦены>pt-ret</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу></Цена></Цены>
      <Количество>5</Количество></Предложение></Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

/** One exchange session: checkauth, init, then files uploaded and imported in order. */
async function exchange(files: Array<[string, string]>): Promise<void> {
  const call = async (query: string, body?: string, cookie?: string) => {
    const res = await fetch(`${API_URL}/1c_exchange?${query}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: AUTH, ...(cookie ? { cookie } : {}) },
      ...(body !== undefined ? { body } : {}),
    });
    return { status: res.status, text: await res.text() };
  };
  const auth = await call('type=catalog&mode=checkauth');
  expect(auth.status, auth.text).toBe(200);
  const [status, name, value] = auth.text.split('\n');
  expect(status).toBe('success');
  const cookie = `${name}=${value}`;
  expect((await call('type=catalog&mode=init', undefined, cookie)).text).toMatch(/^zip=yes/);
  for (const [file, xml] of files) {
    expect((await call(`type=catalog&mode=file&filename=${file}`, xml, cookie)).text).toBe('success\n');
  }
  for (const [file] of files) {
    // The import runs in the background; 1C asks again while it answers "progress".
    let answer = await call(`type=catalog&mode=import&filename=${file}`, undefined, cookie);
    for (let i = 0; i < 100 && answer.text.startsWith('progress'); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await call(`type=catalog&mode=import&filename=${file}`, undefined, cookie);
    }
    expect(answer.text.split('\n')[0], answer.text).toBe('success');
  }
}

/** A GET on a new connection each time, so both storefront workers answer in turn. */
async function html(url: string): Promise<string> {
  const res = await fetch(url, { headers: { accept: 'text/html', connection: 'close' } });
  expect(res.status).toBe(200);
  return res.text();
}

/** "12 345 ₽" as the shop prints prices (spec §2), with any space character between the groups. */
function shows(page: string, rubles: number): boolean {
  const digits = String(rubles).replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s\\u00a0\\u202f]?');
  return new RegExp(`(?<![\\d\\s\\u00a0\\u202f])${digits}[\\s\\u00a0\\u202f]*₽`).test(page);
}

/** Whether the product's card in a listing's HTML shows `rubles`: the price follows the card's name heading. */
function cardShows(listing: string, rubles: number): boolean {
  const at = listing.indexOf(`${NAME}</h3>`);
  return at >= 0 && shows(listing.slice(at, at + 800), rubles);
}

test('a price changed through the 1C exchange reaches the cached product page and listing within 2 s, on every worker', async ({ baseURL }) => {
  await exchange([
    ['import.xml', catalogXml],
    ['offers.xml', offersXml(5490)],
  ]);
  const list = (await (await fetch(`${API_URL}/api/v1/offers/kupalniki/slitnye/?limit=48&sort=new`)).json()) as {
    results: Array<{ id: number; name: string }>;
  };
  const card = list.results.find((r) => r.name === NAME);
  expect(card, 'the imported product is listed first among the newest').toBeTruthy();
  const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card!.id}`)).json()) as { full_path_offer: string };
  const productUrl = `${baseURL}${detail.full_path_offer}`;
  const listingUrl = `${baseURL}/kupalniki/slitnye?sort=new`;

  // Warm both workers' caches at the old price.
  for (let i = 0; i < 4; i += 1) {
    expect(shows(await html(productUrl), 5490)).toBe(true);
    expect(cardShows(await html(listingUrl), 5490)).toBe(true);
  }
  expect(shows(await html(productUrl), 6170)).toBe(false);

  await exchange([['offers.xml', offersXml(6170)]]);
  const changed = Date.now();

  // Shown when 6 answers in a row (each on a new connection, so both workers) agree.
  const fresh = { product: 0, listing: 0 };
  const streak = { product: 0, listing: 0 };
  while ((fresh.product <= 0 || fresh.listing <= 0) && Date.now() - changed < 10_000) {
    const checks = {
      product: shows(await html(productUrl), 6170),
      listing: cardShows(await html(listingUrl), 6170),
    };
    const now = Date.now() - changed;
    for (const key of ['product', 'listing'] as const) {
      if (fresh[key] > 0) continue;
      streak[key] = checks[key] ? streak[key] + 1 : 0;
      if (streak[key] === 1) fresh[key] = -now;
      if (streak[key] === 0) fresh[key] = 0;
      if (streak[key] >= 6) fresh[key] = -fresh[key];
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  console.log(`price freshness: product page ${fresh.product} ms, listing ${fresh.listing} ms after the exchange (both workers, 6 answers in a row)`);
  expect(fresh.product, 'the product page shows the new price on every worker').toBeGreaterThan(0);
  expect(fresh.product).toBeLessThanOrEqual(2000);
  expect(fresh.listing, 'the listing shows the new price on every worker').toBeGreaterThan(0);
  expect(fresh.listing).toBeLessThanOrEqual(2000);
});
