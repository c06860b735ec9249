/**
 * The pickup point of "В пункт выдачи СДЭК" (issue #14 item 13; spec §7 Third parties): without
 * CDEK configured the city's points come as a searchable list, chosen from the keyboard, required
 * before the order, and written into the order's delivery address.
 */
import { expect, test } from '@playwright/test';
import { API_URL } from './helpers';

test.describe.configure({ timeout: 120_000 });

test('a guest finds a pickup point by street, chooses it with the keyboard and orders to it', async ({ page }) => {
  // One cheap one-size offer with stock.
  const list = (await (await fetch(`${API_URL}/api/v1/offers/odezhda/?limit=24`)).json()) as {
    results: Array<{ id: number; price: number }>;
  };
  let offer: { offer: number; feature: string } | null = null;
  for (const card of [...list.results].sort((a, b) => a.price - b.price)) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as {
      offers: Array<{ id: number; features: Array<{ ext_id: string; stock: number }>; features_top: unknown[] }>;
    };
    const found = detail.offers.find((o) => o.features_top.length === 0 && o.features.some((f) => f.stock >= 3));
    if (found) {
      offer = { offer: found.id, feature: found.features.find((f) => f.stock >= 3)!.ext_id };
      break;
    }
  }
  expect(offer).not.toBeNull();
  expect((await page.request.post('/api/v2/cart/', { data: { ...offer, quantity: 1 } })).status()).toBe(200);

  await page.goto('/basket');
  await page.getByTestId('basket-checkout').click();
  const popup = page.getByRole('dialog', { name: 'Оформление заказа' });
  await popup.getByLabel('ФИО*').fill('Орлова Анна');
  await popup.getByLabel('E-mail*').fill('anna@example.ru');
  await popup.getByLabel('Телефон*').click();
  await popup.getByLabel('Телефон*').pressSequentially('9165550011', { delay: 60 });
  await popup.getByRole('button', { name: 'Продолжить без регистрации' }).click();
  await expect(page).toHaveURL(/\/basket\/delivery$/);
  // Issue #29: a guest ticks the personal data consent.
  await page
    .getByRole('group', { name: 'Контактные данные' })
    .getByRole('checkbox', { name: /Я даю согласие на обработку персональных данных/ })
    .check();

  await page
    .getByTestId('delivery-options')
    .getByRole('radio', { name: /В пункт выдачи СДЭК/ })
    .check();
  const points = page.getByRole('radiogroup', { name: 'Пункты выдачи' });
  await expect(points.getByRole('radio')).not.toHaveCount(0);
  await expect(page.getByLabel('Улица*')).toHaveCount(0);

  // Without a point the order is refused with a hint at the list.
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page.getByText('Выберите пункт выдачи', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-error')).toHaveText('Проверьте выделенные поля');

  await page.getByLabel('Поиск пункта выдачи').fill('тверская');
  await expect(points.getByRole('radio')).toHaveCount(1);
  await expect(page.getByTestId('pickup-points-count')).toHaveText('Найдено пунктов: 1');
  // Keyboard only: Tab from the search into the group, Space chooses.
  await page.getByLabel('Поиск пункта выдачи').focus();
  await page.keyboard.press('Tab');
  await expect(points.getByRole('radio', { name: /Тверская, д\. 18/ })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('pickup-point-chosen')).toContainText('ул. Тверская, д. 18, корп. 1');
  await expect(page.getByText('Выберите пункт выдачи', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('order-error')).toHaveCount(0);

  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/payment-sber\?orderId=/, { timeout: 30_000 });
  const guid = (await page.evaluate(() => JSON.parse(localStorage.getItem('lkData') ?? '{}'))) as Record<
    string,
    { state?: { lastOrder?: { guid: string } } }
  >;
  const lastGuid = Object.values(guid)
    .map((slice) => slice?.state?.lastOrder?.guid)
    .find(Boolean);
  expect(lastGuid).toBeTruthy();
  const info = await (await page.request.post('/api/v1/get_order_info/', { data: { guid: lastGuid } })).json();
  expect(info.order_info.delivery.address).toContain(
    'пункт выдачи СДЭК: СДЭК на Тверской, ул. Тверская, д. 18, корп. 1',
  );
});
