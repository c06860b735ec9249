/**
 * Issue #34 items 1–2 in Chromium: what /delivery-and-payments and /address promise, checkout keeps.
 * The free-delivery threshold end to end (the page states it; a guest's basket above it shows a
 * free courier in the checkout summary and the created order costs 0 ₽ delivery), and pickup at the
 * stores' real addresses in Moscow and St Petersburg, recorded on the order.
 */
import { expect, test, type Page } from '@playwright/test';
import { addToBasket, API_URL } from './helpers';

test.describe.configure({ timeout: 120_000 });

const THRESHOLD = 15000;
/** Prices are written with no-break spaces. */
const rubles = (n: number) => new RegExp(String(n).replace(/\B(?=(\d{3})+$)/g, '\\s'));

type Offer = { offer: number; feature: string; price: number; stock: number };

/** A one-size offer of clothing with stock, the priciest first, from the API. */
async function pricyOffer(): Promise<Offer> {
  const res = await fetch(`${API_URL}/api/v1/offers/odezhda/?limit=24`);
  const page = (await res.json()) as { results: Array<{ id: number; price: number }> };
  for (const card of [...page.results].sort((a, b) => b.price - a.price)) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as {
      price: number;
      offers: Array<{ id: number; features: Array<{ ext_id: string; stock: number }>; features_top: unknown[] }>;
    };
    for (const offer of detail.offers) {
      const size = offer.features.find((f) => f.stock * detail.price >= THRESHOLD);
      if (size && offer.features_top.length === 0)
        return { offer: offer.id, feature: size.ext_id, price: detail.price, stock: size.stock };
    }
  }
  throw new Error('no offer can reach the free-delivery threshold');
}

/** Basket → «Продолжить без регистрации» with a guest's contact → /basket/delivery, consent ticked. */
async function checkoutAsGuest(page: Page) {
  await page.goto('/basket');
  await page.getByTestId('basket-checkout').click();
  const popup = page.getByRole('dialog', { name: 'Оформление заказа' });
  await popup.getByLabel('ФИО*').fill('Смирнова Ольга Петровна');
  await popup.getByLabel('E-mail*').fill('olga@example.ru');
  await popup.getByLabel('Телефон*').click();
  await popup.getByLabel('Телефон*').pressSequentially('9035551122', { delay: 60 });
  await expect(popup.getByLabel('Телефон*')).toHaveValue('+7(903)-555-11-22');
  await popup.getByRole('button', { name: 'Продолжить без регистрации' }).click();
  await expect(page).toHaveURL(/\/basket\/delivery$/);
  await page
    .getByRole('group', { name: 'Контактные данные' })
    .getByRole('checkbox', { name: /Я даю согласие на обработку персональных данных/ })
    .check();
}

/** Submits the checkout and returns the created order's guid and delivery cost (the API's answer). */
async function submitOrder(page: Page): Promise<{ guid: string; delivery_cost: number }> {
  const created = page.waitForResponse((r) => r.url().includes('/api/v2/order/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  return ((await res.json()) as { order: { guid: string; delivery_cost: number } }).order;
}

async function orderInfo(guid: string) {
  const res = await fetch(`${API_URL}/api/v1/get_order_info/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ guid }),
  });
  return (
    (await res.json()) as { order_info: { delivery_cost: number; delivery: { method: string; address: string } } }
  ).order_info;
}

test('the page states the free-delivery threshold, and an order above it gets the courier free', async ({ page }) => {
  await page.goto('/delivery-and-payments');
  const article = page.locator('main');
  await expect(article).toContainText(new RegExp(`от ${rubles(THRESHOLD).source}\\s₽ бесплатно`));
  await expect(article).not.toContainText('Почта России');
  await expect(article).not.toContainText('при получении');

  const offer = await pricyOffer();
  await addToBasket(page, offer, Math.ceil(THRESHOLD / offer.price));
  await checkoutAsGuest(page);
  await expect(page.getByTestId('delivery-options').getByRole('radio', { name: /Курьером/ })).toBeChecked();
  await expect(page.getByTestId('delivery-options')).toContainText('Бесплатно');
  await page.getByLabel('Улица*').fill('Тверская');
  await page.getByLabel('Дом*').fill('12');
  await expect(page.getByTestId('summary-delivery')).toHaveText('Бесплатно');

  const order = await submitOrder(page);
  expect(order.delivery_cost).toBe(0);
  expect((await orderInfo(order.guid)).delivery_cost).toBe(0);
});

test('pickup is offered at the stores of /address, in Moscow and St Petersburg, and the order records it', async ({
  page,
}) => {
  await page.goto('/address');
  await expect(page.locator('main')).toContainText('Пресненская наб., д. 10, стр. 2');
  await expect(page.locator('main')).toContainText('Лиговский пр., д. 30А');

  const offer = await pricyOffer();
  await addToBasket(page, offer, 1);
  await checkoutAsGuest(page);
  const options = page.getByTestId('delivery-options');
  const pickup = options.getByRole('radio', { name: /Самовывоз из магазина/ });
  await expect(pickup).toBeVisible();
  await expect(options).toContainText('Пресненская наб., д. 10, стр. 2');
  await expect(options).not.toContainText('Петровка');

  // St Petersburg: its store, ТРЦ «Галерея».
  await page.getByLabel('Регион*').selectOption({ label: 'Санкт-Петербург' });
  await expect(page.getByLabel('Город*')).toHaveValue(/\d+/);
  await expect(options).toContainText('ТРЦ «Галерея»: Лиговский пр., д. 30А');
  await pickup.check();
  await expect(page.getByTestId('summary-delivery')).toHaveText('Бесплатно');
  const order = await submitOrder(page);
  const info = await orderInfo(order.guid);
  expect(info.delivery.method).toBe('pickup');
  expect(info.delivery.address).toContain('Санкт-Петербург, Лиговский пр., д. 30А');
  expect(order.delivery_cost).toBe(0);
});
