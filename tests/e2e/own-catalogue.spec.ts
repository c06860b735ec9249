/**
 * Issue #28 "No identifier ever reaches a shopper": a 1C 8.3 CommerceML 3.1 exchange as 1C splits
 * it (classifier alone in one file, goods in another, then offers, prices and stock; fixtures in
 * tests/fixtures/import/cml31), brought in through the running shop's /1c_exchange. Afterwards
 * the product page, the listing's facets, the basket, the order export to 1C and the product feed
 * name colours, sizes and materials in words: nothing there matches a GUID.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { exchange, saleQuery } from './exchange';
import { API_URL } from './helpers';

test.describe.configure({ timeout: 120_000 });

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/import/cml31/full');
const DRESS = 'Платье миди «Аделина»';

/** The pk of the imported dress, once the import's change events reached the API's listing. */
async function dressPk(): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = (await (await fetch(`${API_URL}/api/v1/offers/odezhda/platya-midi/?limit=48`)).json()) as {
      results?: Array<{ id: number; name: string }>;
    };
    const found = list.results?.find((r) => r.name === DRESS);
    if (found) return found.id;
    if (Date.now() > deadline) throw new Error(`${DRESS} is not listed in /odezhda/platya-midi after 10 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('goods from a split 1C exchange show words, never GUIDs, from product page to 1C and the feed', async ({
  page,
}) => {
  const files = ['import0_1.xml', 'import0_2.xml', 'offers0_1.xml', 'prices0_1.xml', 'rests0_1.xml'];
  await exchange(
    await Promise.all(files.map(async (f) => [f, await readFile(path.join(FIXTURES, f), 'utf8')] as [string, string])),
  );
  const pk = await dressPk();

  // Product page: title, breadcrumb, colours, sizes in size order, material, article.
  await expect(async () => {
    await page.goto(`/odezhda/platya-midi/${pk}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DRESS, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // All text, also what folded sections («Состав») hold; the JSON-LD's variant `sku` is the
  // retailer's SKU for search engines, not words on the page.
  const text = await page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('script').forEach((s) => s.remove());
    return copy.textContent ?? '';
  });
  expect(text).not.toMatch(GUID);
  expect(await page.title()).not.toMatch(GUID);
  expect(text).toContain('Вискоза');
  expect(text).toContain('5420');
  const sizes = await page
    .locator('fieldset')
    .filter({ has: page.locator('legend', { hasText: /Размер/ }) })
    .first()
    .locator('label')
    .allInnerTexts();
  expect(sizes.map((s) => s.trim()).filter(Boolean)).toEqual(['36', '38', '40', '42', '44']);

  // Listing and its facets: colour swatches named in words.
  await page.goto('/odezhda/platya-midi');
  const listing = await page.locator('body').innerText();
  expect(listing).toContain(DRESS);
  expect(listing).not.toMatch(GUID);
  const facets = await (await fetch(`${API_URL}/api/v1/all/filters/odezhda/platya-midi/`)).text();
  expect(facets).toContain('Бордовый');
  expect(facets).not.toMatch(GUID);

  // Basket: the line names the colour and size.
  const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${pk}`)).json()) as {
    offers: Array<{ id: number; color: { name: string }; features: Array<{ ext_id: string; name: string }> }>;
  };
  const bordeaux = detail.offers.find((o) => o.color.name === 'Бордовый')!;
  const size = bordeaux.features.find((f) => f.name === '42')!;
  expect(
    (
      await page.request.post('/api/v2/cart/', { data: { offer: bordeaux.id, feature: size.ext_id, quantity: 1 } })
    ).status(),
  ).toBe(200);
  await page.goto('/basket');
  await expect(page.getByText(DRESS).first()).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(GUID);

  // Order export to 1C: the lines are keyed by 1C's own Ид, everything else is words.
  const cities = await (
    await page.request.get(`/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ search: 'Москва' }))}`)
  ).json();
  const moscow = (cities.results as Array<{ id: number; name: string }>).find((c) => c.name === 'Москва')!;
  const email = `own-catalogue-${Date.now().toString(36)}@example.ru`;
  const order = await page.request.post('/api/v2/order/', {
    headers: { 'Idempotency-Key': `own-catalogue-${Date.now().toString(36)}` },
    data: {
      contact: { fio: 'Соколова Анна Петровна', email, phone: '+79035550404' },
      personal_data_consent: true,
      delivery: { method: 'courier', city_id: moscow.id, street: 'Тверская', house: '9', apartment: '1' },
      payment_method: 'card',
    },
  });
  expect(order.status(), await order.text()).toBeLessThan(300);
  const document = await saleQuery();
  expect(document).toContain(email);
  expect(document.replace(/<Ид>[^<]*<\/Ид>/g, '')).not.toMatch(GUID);

  // The product feed: names, colours, sizes and vendors are words (offer ids are the shop's SKUs).
  const feed = await page.request.get('/yml.xml');
  if (feed.status() === 200) {
    const body = (await feed.text()).replace(/\s(id|group_id)="[^"]*"/g, '').replace(/<url>[^<]*<\/url>/g, '');
    expect(body).not.toMatch(GUID);
  } else expect(feed.status(), 'the feed is being built: 503 with Retry-After').toBe(503);
});
