/**
 * Issue #15, done-when: goods brought in through the 1C exchange (CommerceML, server/routes/exchange)
 * are browsable, searchable and orderable in the shop, and the order comes back out to 1C in
 * `type=sale&mode=query` with its line keyed by the size's 1C Ид.
 */
import { expect, test } from '@playwright/test';
import { exchange, importXml, listedProduct, offersPackage, saleQuery } from './exchange';
import { API_URL } from './helpers';

test.describe.configure({ timeout: 120_000 });

const RUN = `imp${Date.now().toString(36)}`;
const PRODUCT = `e2e-import-${RUN}`;
const NAME = `Купальник слитный «Лагуна» ${RUN}`;

test('a product from 1C is listed, found, ordered, and the order goes back to 1C', async ({ page }) => {
  await exchange([
    ['import.xml', importXml(PRODUCT, NAME)],
    ['offers.xml', offersPackage(PRODUCT, NAME, 4890)],
  ]);

  const pk = await listedProduct(NAME);

  // Browsable: the listing of its category, then its page.
  const card = page.getByRole('link', { name: new RegExp(NAME) }).first();
  // A listing cached before the import is revalidated by the import's change events.
  await expect(async () => {
    await page.goto('/kupalniki/slitnye?sort=new');
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(NAME);
  await expect(page.getByText(/4\s?890\s*₽/).first()).toBeVisible();

  // Searchable, by a word of its name.
  await page.goto(`/search?searchParam=${RUN}`);
  await expect(page.getByRole('link', { name: new RegExp(NAME) }).first()).toBeVisible();

  // Orderable, through the storefront as a guest.
  const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${pk}`)).json()) as {
    offers: Array<{ id: number; features: Array<{ ext_id: string; name: string; stock: number }> }>;
  };
  const offer = detail.offers[0]!;
  expect(offer.features).toEqual([expect.objectContaining({ ext_id: `${PRODUCT}#s46`, name: '46', stock: 5 })]);
  expect(
    (
      await page.request.post('/api/v2/cart/', { data: { offer: offer.id, feature: `${PRODUCT}#s46`, quantity: 1 } })
    ).status(),
  ).toBe(200);
  const cities = await (
    await page.request.get(`/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ search: 'Москва' }))}`)
  ).json();
  const moscow = (cities.results as Array<{ id: number; name: string }>).find((c) => c.name === 'Москва')!;
  const email = `${RUN}@example.ru`;
  const order = await page.request.post('/api/v2/order/', {
    headers: { 'Idempotency-Key': `import-${RUN}` },
    data: {
      contact: { fio: 'Соколова Анна Петровна', email, phone: '+79035550303' },
      personal_data_consent: true,
      delivery: { method: 'courier', city_id: moscow.id, street: 'Тверская', house: '9', apartment: '1' },
      payment_method: 'card',
    },
  });
  expect(order.status(), await order.text()).toBeLessThan(300);

  // Back out to 1C: the order's line names the size by its 1C Ид.
  const document = await saleQuery();
  expect(document).toContain(email);
  expect(document).toContain(`${PRODUCT}#s46`);
});
