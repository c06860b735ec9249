/**
 * Issue #13 "Sizes on the product page are never wrong for long": the product page is cached
 * HTML, yet its size picker learns the live stock (GET /api/v1/stock/{pk}/ through the BFF) right
 * after hydration and whenever the tab becomes visible again. Here the last pieces of a size are
 * bought by another shopper (another browser context: basket, then an order, the shop's own flow;
 * the e2e API runs PGlite in its own process, so the test cannot write to the database), and the
 * first shopper's open page disables that size and unselects it with a notice — without a reload
 * — and a fresh load of the page does not offer it either.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_URL } from './helpers';

test.describe.configure({ timeout: 120_000 });

type Target = { pk: number; path: string; offer: number; extId: string; name: string; stock: number };

type Detail = {
  id: number;
  full_path_offer: string;
  offers: Array<{
    id: number;
    features: Array<{ ext_id: string; name: string; stock: number }>;
    features_top: unknown[];
    features_bottom: unknown[];
  }>;
};

/**
 * A one-piece product whose first colour (the one the page shows) has at least two sizes in stock;
 * the size with the fewest pieces is the one to sell out. Taken from the end of the shoe listing,
 * away from the products other specs pick first.
 */
async function findTarget(): Promise<Target> {
  const res = await fetch(`${API_URL}/api/v1/offers/obuv/?limit=48`);
  const page = (await res.json()) as { results: Array<{ id: number }> };
  for (const card of [...page.results].reverse()) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as Detail;
    const first = detail.offers[0];
    if (!first || first.features_top.length > 0 || first.features_bottom.length > 0) continue;
    const inStock = first.features.filter((f) => f.stock > 0 && f.stock <= 99);
    if (inStock.length < 2) continue;
    const size = inStock.reduce((a, b) => (b.stock < a.stock ? b : a));
    return {
      pk: detail.id,
      path: detail.full_path_offer,
      offer: first.id,
      extId: size.ext_id,
      name: size.name,
      stock: size.stock,
    };
  }
  throw new Error('no shoe with two sizes in stock');
}

/** Opens the product page and waits for the purchase panel's first live-stock answer. */
async function openProduct(page: Page, target: Target) {
  const stockAnswer = page.waitForResponse(
    (r) => r.url().includes(`/api/v1/stock/${target.pk}/`) && r.status() === 200,
    { timeout: 15_000 },
  );
  const document = await page.goto(target.path);
  // The page stays cacheable: the live stock is the island's own request, not a dynamic page.
  expect(document?.headers()['cache-control'] ?? '').not.toMatch(/no-store|private/);
  await stockAnswer;
}

/** Another shopper buys every remaining piece of the size: basket, then an order (card, unpaid: stock reserved). */
async function buyOut(page: Page, target: Target) {
  const added = await page.request.post('/api/v2/cart/', {
    data: { offer: target.offer, feature: target.extId, quantity: target.stock },
  });
  expect(added.status()).toBe(200);
  const cities = await (
    await page.request.get(`/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ search: 'Москва' }))}`)
  ).json();
  const moscow = (cities.results as Array<{ id: number; name: string }>).find((c) => c.name === 'Москва');
  expect(moscow).toBeTruthy();
  const order = await page.request.post('/api/v2/order/', {
    headers: { 'Idempotency-Key': `live-stock-${Date.now()}` },
    data: {
      contact: { fio: 'Соколова Анна Сергеевна', email: 'anna-live-stock@example.ru', phone: '+79035550101' },
      personal_data_consent: true,
      delivery: { method: 'courier', city_id: moscow!.id, street: 'Тверская', house: '7', apartment: '3' },
      payment_method: 'card',
    },
  });
  expect(order.status(), await order.text()).toBeLessThan(300);
  const live = (await (await fetch(`${API_URL}/api/v1/stock/${target.pk}/`)).json()) as {
    offers: Array<{ features: Array<{ ext_id: string; stock: number }> }>;
  };
  expect(live.offers.flatMap((o) => o.features).find((f) => f.ext_id === target.extId)?.stock).toBe(0);
}

test('a size sold out behind the page’s back is disabled and unselected without a reload', async ({
  page,
  browser,
}) => {
  const target = await findTarget();
  await openProduct(page, target);
  const size = page.locator(`input[type="radio"][value="${target.extId}"]`);
  await expect(size).toBeEnabled();
  await size.check({ force: true });
  await expect(size).toBeChecked();

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await buyOut(await other.newPage(), target);
  } finally {
    await other.close();
  }

  // The shopper comes back to the tab: the panel asks the live stock again.
  const refreshed = page.waitForResponse((r) => r.url().includes(`/api/v1/stock/${target.pk}/`) && r.status() === 200, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await refreshed;
  await expect(size).toBeDisabled();
  await expect(size).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'закончился' })).toHaveText(
    `Размер ${target.name} закончился, выберите другой`,
  );
  await expect(page.getByRole('radio', { name: `${target.name} — нет в наличии`, exact: true })).toBeDisabled();

  // A fresh load of the (possibly still cached) page does not offer the size either.
  await openProduct(page, target);
  await expect(size).toBeDisabled();
  await expect(page.getByRole('radio', { name: `${target.name} — нет в наличии`, exact: true })).toBeDisabled();
});
