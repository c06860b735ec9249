/**
 * Spec gaps of issue #14 (items 6, 10, 14): pages the spec lists that answered 404, breadcrumbs on
 * every page but home (spec §2 Layout), the 404 page as a visitor with JavaScript sees it, the
 * login link after a password change (spec §4), facet headings with an open/close marker.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { API_URL } from './helpers';

const MAIL_DIR = path.resolve(process.env.MAIL_DIR ?? '.data/mail');

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

test('after a password change "Войти" leads home and opens login (spec §4)', async ({ page }) => {
  const email = `gaps-${Date.now().toString(36)}@example.ru`;
  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${API_URL}/api/v1/sign_in/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      full_name: 'Тестова Вера',
      email,
      phone: '',
      password_one: 'Secret123',
      password_two: 'Secret123',
      personal_data_consent: true,
    }),
  });
  expect(signIn.status).toBe(200);
  expect(
    (await fetch(`${API_URL}/api/v1/reset/`, { method: 'POST', headers: json, body: JSON.stringify({ email }) }))
      .status,
  ).toBe(200);
  // Issue #29: the mail leaves after the answer.
  await expect
    .poll(() => existsSync(MAIL_DIR) && readdirSync(MAIL_DIR).some((f) => f.endsWith('.eml') && f.includes(email)))
    .toBe(true);
  const file = readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.eml') && f.includes(email))
    .sort()
    .at(-1)!;
  const link = /\/reset\/([A-Za-z0-9_-]{20,})/.exec(
    readFileSync(path.join(MAIL_DIR, file), 'utf8').replace(/=\r?\n/g, ''),
  )![0];

  // The page of the mail link, and the same form as the popup over "/?reset={token}" (spec §2).
  await page.goto(link);
  await page.getByLabel('Новый пароль').fill('Newpass456');
  await page.getByLabel('Повторите пароль').fill('Newpass456');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Данные успешно сохранены')).toBeVisible();
  await page.getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();

  expect(
    (await fetch(`${API_URL}/api/v1/reset/`, { method: 'POST', headers: json, body: JSON.stringify({ email }) }))
      .status,
  ).toBe(200);
  await expect.poll(() => readdirSync(MAIL_DIR).filter((f) => f.includes(email)).length).toBe(2);
  const second = readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.eml') && f.includes(email))
    .sort()
    .at(-1)!;
  const token = /\/reset\/([A-Za-z0-9_-]{20,})/.exec(
    readFileSync(path.join(MAIL_DIR, second), 'utf8').replace(/=\r?\n/g, ''),
  )![1];
  await page.goto(`/?reset=${token}`);
  const popup = page.getByRole('dialog', { name: 'Смена пароля' });
  await popup.getByLabel('Новый пароль').fill('Third789x');
  await popup.getByLabel('Повторите пароль').fill('Third789x');
  await popup.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(popup.getByText('Данные успешно сохранены')).toBeVisible();
  await popup.getByRole('link', { name: 'Войти' }).click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Смена пароля' })).toBeHidden();
});

test('every facet heading shows whether it is open: the marker turns when "Цвет" opens', async ({ page }) => {
  await page.goto('/kupalniki');
  for (const name of ['Цвет', 'Материал']) {
    const summary = page.locator('summary', { hasText: name }).first();
    const marker = summary.locator('[aria-hidden="true"]').last();
    await expect(marker, name).toBeVisible();
    const closed = await marker.evaluate((el) => getComputedStyle(el).transform);
    await summary.click();
    await expect.poll(() => marker.evaluate((el) => getComputedStyle(el).transform), name).not.toBe(closed);
  }
});

test('a token cookie that expired is cleared on the next page (spec §4/§5)', async ({ page, context, baseURL }) => {
  const payload = Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60, uid: 1 })).toString(
    'base64url',
  );
  await context.addCookies([
    { name: 'token', value: `v1.${payload}.x`, url: baseURL! },
    { name: 'token_exp', value: String(Math.floor(Date.now() / 1000) - 60), url: baseURL! },
  ]);
  await page.goto('/about');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('token');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('token_exp');
});
