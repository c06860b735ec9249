/**
 * Spec gaps of issue #14 (items 6, 10, 14): pages the spec lists that answered 404, breadcrumbs on
 * every page but home (spec §2 Layout), and the 404 page as a visitor with JavaScript sees it.
 */
import { expect, test } from '@playwright/test';

test('/giftsert explains the gift certificates and is linked from the certificates page', async ({ page }) => {
  await page.goto('/podarochnye-sertifikaty');
  await page.getByRole('link', { name: 'Как это работает' }).first().click();
  await expect(page).toHaveURL(/\/giftsert$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Как работает подарочный сертификат');
  await expect(page.getByText('Сертификат действует один год со дня покупки.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Хлебные крошки' })).toContainText('Подарочные сертификаты');
});

test('/reset without a token asks for a new link', async ({ page }) => {
  const res = await page.goto('/reset');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Смена пароля');
  await expect(page.getByLabel('E-mail')).toBeVisible();
});

test('/basket/success, /payment-sber and /recovery have breadcrumbs from the home page', async ({ page }) => {
  for (const [path, last] of [
    ['/basket/success', 'Заказ оформлен'],
    ['/payment-sber', 'Оплата заказа'],
    ['/recovery', 'Восстановление пароля'],
  ] as const) {
    await page.goto(path);
    const crumbs = page.getByRole('navigation', { name: 'Хлебные крошки' });
    await expect(crumbs.getByRole('link', { name: 'Главная' }), path).toHaveAttribute('href', '/');
    await expect(crumbs.locator('[aria-current="page"]'), path).toHaveText(last);
  }
});

test('an unknown product shows the error page with JavaScript too, at its own URL', async ({ page }) => {
  for (const path of ['/kupalniki/razdelnye/999999999', '/no-such-page']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Ошибка' }), path).toBeVisible();
    await expect(page.getByText('удалена или перемещена'), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
});
