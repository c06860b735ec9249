/** Shared steps of the e2e specs. */
import { expect, type Page } from '@playwright/test';

/** Base URL of the shop API started by the test run (port chosen in playwright.config.ts). */
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT}`;

/**
 * Chooses the first size in stock in every size picker of the product page (one picker for most
 * goods, "Размер верха" and "Размер низа" for swimwear separates, spec §3 featuretop/featurebot).
 * @returns false when some picker has no size in stock.
 */
export async function chooseSizes(page: Page): Promise<boolean> {
  const pickers = page.locator('fieldset').filter({ has: page.locator('legend', { hasText: /Размер/ }) });
  const count = await pickers.count();
  for (let i = 0; i < count; i += 1) {
    const free = pickers.nth(i).locator('input[type="radio"]:not([disabled])');
    if ((await free.count()) === 0) return false;
    await free.first().check({ force: true });
    await expect(free.first()).toBeChecked();
  }
  return true;
}

/** Paths of products whose first colour has every size picker in stock, from the API. */
export async function productsInStock(section: string, limit = 10): Promise<string[]> {
  const res = await fetch(`${API_URL}/api/v1/offers/${section}/?limit=${limit}`);
  const page = (await res.json()) as { results: Array<{ id: number; full_path_offer: string }> };
  const paths: string[] = [];
  for (const card of page.results) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as {
      offers: Array<{
        features: Array<{ stock: number }>;
        features_top: Array<{ stock: number }>;
        features_bottom: Array<{ stock: number }>;
      }>;
    };
    const first = detail.offers[0];
    if (!first) continue;
    const groups = [first.features, first.features_top, first.features_bottom].filter((g) => g.length > 0);
    if (groups.every((g) => g.some((f) => f.stock > 0))) paths.push(card.full_path_offer);
  }
  return paths;
}

/**
 * A mobile number no other test of the run has registered (phones are unique per account, spec §8;
 * the e2e database is wiped only at the start of a run): `digits` ("9XXXXXXXXX", what is typed into
 * the mask), `e164` ("+79XXXXXXXXX", what the API stores) and `masked` ("+7(9XX)-XXX-XX-XX", what the field shows).
 * @param prefix the first three digits (the operator code).
 */
export function uniquePhone(prefix = '999'): { digits: string; e164: string; masked: string } {
  const digits = `${prefix}${String((Date.now() + Math.floor(Math.random() * 1000)) % 10_000_000).padStart(7, '0')}`;
  return {
    digits,
    e164: `+7${digits}`,
    masked: `+7(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  };
}

/** An offer and size of the basket API (spec §7 `POST /v2/cart/`), with the product's name and price in rubles. */
export type BasketOffer = { offer: number; feature: string; name: string; price: number };

/**
 * One-size clothing offers with at least 3 in stock, cheapest first, from the API (swimwear
 * separates skipped: they need two sizes). `skip` leaves out the cheapest cards, so specs that run
 * in parallel do not buy the same stock.
 */
export async function offersInStock(count: number, { skip = 0 } = {}): Promise<BasketOffer[]> {
  const res = await fetch(`${API_URL}/api/v1/offers/odezhda/?limit=24`);
  const list = (await res.json()) as { results: Array<{ id: number; price: number }> };
  const out: BasketOffer[] = [];
  for (const card of [...list.results].sort((a, b) => a.price - b.price).slice(skip)) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as {
      name: string;
      price: number;
      offers: Array<{ id: number; features: Array<{ ext_id: string; stock: number }>; features_top: unknown[] }>;
    };
    for (const offer of detail.offers) {
      const size = offer.features.find((f) => f.stock >= 3);
      if (size && offer.features_top.length === 0) {
        out.push({ offer: offer.id, feature: size.ext_id, name: detail.name, price: detail.price });
        break;
      }
    }
    if (out.length >= count) break;
  }
  expect(out.length).toBeGreaterThanOrEqual(count);
  return out;
}

/** Puts an offer into this browser's basket through the BFF (sets the `cart_id` cookie). */
export async function addToBasket(page: Page, offer: Pick<BasketOffer, 'offer' | 'feature'>, quantity = 1) {
  const res = await page.request.post('/api/v2/cart/', {
    data: { offer: offer.offer, feature: offer.feature, quantity },
  });
  expect(res.status()).toBe(200);
}

/** On /payment-sber, fills the sandbox card form with `pan` and pays (spec §7, docs/payments.md test cards). */
export async function payWithCard(page: Page, pan: string) {
  await expect(page).toHaveURL(/\/payment-sber\?orderId=/, { timeout: 30_000 });
  await page.getByLabel('Номер карты').fill(pan);
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
}

/**
 * The text of each card of the page's (first) product grid, in order. textContent, not innerText:
 * cards below the first screen are not laid out yet (content-visibility: auto, issue #30), and
 * Chromium's innerText of a subtree never laid out is empty.
 */
export function cardTexts(page: Page): Promise<string[]> {
  return page.getByTestId('product-grid').first().locator(':scope > li').allTextContents();
}

/** Current prices shown on the cards of the page's (first) product grid, rubles, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  return (await cardTexts(page)).map((text) =>
    Number((/([\d\s\u00a0]+)\s*₽/.exec(text)?.[1] ?? '').replace(/\D/g, '')),
  );
}
