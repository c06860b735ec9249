/**
 * Issue #29 end to end (152-ФЗ art. 9, 14, 21; 38-ФЗ art. 18): a form without the consent box does
 * not submit and shows the Russian hint; with it the form goes through and the consent is on record
 * (read back through the shopper's own data download); «Удалить аккаунт» behind its popup ends the
 * account.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { API_URL } from './helpers';

const CONSENT = /Я даю согласие на обработку персональных данных/;
const HINT = 'Чтобы продолжить, дайте согласие на обработку персональных данных';
const stamp = Date.now().toString(36);
const email = `consent-${stamp}@example.ru`;
const password = 'Secret123';

async function quietVisitor(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookieAccepted', 'true');
    localStorage.setItem('telegramPopupClosed', 'true');
  });
}

test.describe.configure({ mode: 'serial' });

test('the consent page is a separate document linked from the forms', async ({ page }) => {
  const res = await page.goto('/personal-data-consent');
  expect(res?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Согласие на обработку персональных данных' }),
  ).toBeVisible();
  await expect(page.getByText(/152-ФЗ/).first()).toBeVisible();
});

test('the footer subscription is not sent without the consent box', async ({ page }) => {
  await quietVisitor(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/subscribe/')) sent.push(r.url());
  });
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Электронная почта').fill(`footer-${stamp}@example.ru`);
  await expect(footer.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  await footer.getByRole('button', { name: 'Подписаться' }).click();
  await expect(footer.getByText(HINT)).toBeVisible();
  expect(sent).toEqual([]);
  await footer.getByRole('checkbox', { name: CONSENT }).check();
  await footer.getByRole('button', { name: 'Подписаться' }).click();
  await expect(footer.getByText('Проверьте почту: мы отправили ссылку для подтверждения подписки')).toBeVisible();
});

test('registration without the box is refused by the form and the API; with it the consent is recorded, downloadable, and the account can be deleted', async ({
  page,
}) => {
  await quietVisitor(page);
  // Never trust the client: the API refuses the same registration without the box.
  const bare = await page.request.post(`${API_URL}/api/v1/sign_in/`, {
    data: { full_name: 'Согласова Вера', email, password_one: password, password_two: password },
  });
  expect(bare.status()).toBe(400);
  expect((await bare.json()).message).toContain(HINT);

  await page.goto('/');
  await page.getByTestId('header-account').first().click();
  await page.getByRole('dialog', { name: 'Вход' }).getByRole('button', { name: 'Зарегистрироваться' }).click();
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await dialog.getByLabel('Фамилия и имя').fill('Согласова Вера');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Пароль', { exact: true }).fill(password);
  await dialog.getByLabel('Повторите пароль').fill(password);
  await expect(dialog.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  await expect(
    dialog.getByRole('checkbox', { name: 'Хочу получать новости и предложения по электронной почте' }),
  ).not.toBeChecked();
  await expect(dialog.getByRole('link', { name: 'обработку персональных данных' })).toHaveAttribute(
    'href',
    '/personal-data-consent',
  );
  const signIns: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/sign_in/')) signIns.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(dialog.getByText(HINT)).toBeVisible();
  expect(signIns).toEqual([]);

  await dialog.getByRole('checkbox', { name: CONSENT }).check();
  await expect(dialog.getByText(HINT)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('header-account').first()).toContainText('Вера Согласова');

  // «Скачать мои данные»: a JSON file with the recorded consent.
  await page.goto('/profile');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Скачать мои данные' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email, last_name: 'Согласова', first_name: 'Вера' });
  expect(data.consents).toEqual([
    expect.objectContaining({ document: 'personal-data', form: 'registration', withdrawn_at: null }),
  ]);
  expect(data.consents[0].document_version).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  // «Удалить аккаунт»: the popup asks first; cancelling changes nothing.
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить аккаунт?' });
  await expect(confirm).toContainText('Заказы останутся');
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить аккаунт?' })
    .getByRole('button', { name: 'Да, удалить аккаунт' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-account').first()).toContainText('Вход');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
  // The account is gone: its login no longer works.
  const again = await page.request.post(`${API_URL}/api/v1/auth/`, { data: { username: email, password } });
  expect(again.status()).toBe(400);
});
