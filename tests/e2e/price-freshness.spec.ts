/**
 * Issue #13 "Truthful pages", done-when: a price change reaches the cached product page and its
 * listing within 2 s, in the HTML itself (no JavaScript), on every storefront worker. The change
 * arrives the way a shop's 1C sends it (issue #15): a CommerceML offers package through the
 * exchange of the shop API (`/1c_exchange`, server/routes/exchange). From there the database
 * triggers, the API's change events (the product patched into the catalogue index) and
 * POST /api/revalidate (fanned out to both workers) do the rest (docs/caching.md).
 */
import { expect, test } from '@playwright/test';
import { exchange, importXml, listedProduct, offersPackage } from './exchange';
import { API_URL } from './helpers';

test.describe.configure({ timeout: 120_000 });

const RUN = Date.now().toString(36);
const PRODUCT = `e2e-price-${RUN}`;
const NAME = `Купальник слитный «Прибой» ${RUN}`;
const catalogXml = importXml(PRODUCT, NAME);
const offersXml = (price: number) => offersPackage(PRODUCT, NAME, price);

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

test('a price changed through the 1C exchange reaches the cached product page and listing within 2 s, on every worker', async ({
  baseURL,
}) => {
  await exchange([
    ['import.xml', catalogXml],
    ['offers.xml', offersXml(5490)],
  ]);
  const pk = await listedProduct(NAME);
  const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${pk}`)).json()) as {
    full_path_offer: string;
  };
  const productUrl = `${baseURL}${detail.full_path_offer}`;
  const listingUrl = `${baseURL}/kupalniki/slitnye?sort=new`;

  // The listing may still be cached from an earlier spec: wait for the import's own round, then warm
  // both workers' caches at the old price.
  await expect.poll(async () => cardShows(await html(listingUrl), 5490), { timeout: 10_000 }).toBe(true);
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
  console.log(
    `price freshness: product page ${fresh.product} ms, listing ${fresh.listing} ms after the exchange (both workers, 6 answers in a row)`,
  );
  expect(fresh.product, 'the product page shows the new price on every worker').toBeGreaterThan(0);
  expect(fresh.product).toBeLessThanOrEqual(2000);
  expect(fresh.listing, 'the listing shows the new price on every worker').toBeGreaterThan(0);
  expect(fresh.listing).toBeLessThanOrEqual(2000);
});
