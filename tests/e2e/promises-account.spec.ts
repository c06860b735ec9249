/**
 * Account and payment promises of issue #34 (items 5, 6, 7, 9 and three of item 10), each against
 * the production build in Chromium:
 * - 5: a token cookie the API refuses clears the session and leaves the shopper on the page they
 *   opened (spec §4 Session; the redirect home is for an explicit logout);
 * - 6: a chunk that cannot load a second time within 60 s (spec §8/§9 guard) leaves header and page
 *   standing and says what happened, with «Обновить страницу»;
 * - 7: a social login without e-mail opens the complete-registration popup (spec §2/§4), whose form
 *   completes that account (the API side: server/routes/auth/auth.test.ts);
 * - 9: after a declined card the guest's basket shows the unpaid order with «Оплатить» while it is
 *   held, only in the browser that placed it;
 * - 10: «Войти» after a password change goes home and opens login (spec §4); order history says
 *   how long ago an order of the last day was placed (spec §9); a saved address is preselected at
 *   checkout.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addToBasket, offersInStock, payWithCard, productsInStock, uniquePhone } from './helpers';

test.describe.configure({ timeout: 120_000 });

const MAIL_DIR = path.resolve(process.env.MAIL_DIR ?? '.data/mail');
const stamp = Date.now().toString(36);

/** Registers a buyer through the BFF in this page's browser (the token cookie is set). */
async function registerBuyer(page: Page, email: string, fullName = 'Орлова Анна Сергеевна') {
  const res = await page.request.post('/api/v1/sign_in/', {
    data: {
      full_name: fullName,
      email,
      phone: uniquePhone('915').e164,
      password_one: 'Secret123',
      password_two: 'Secret123',
      personal_data_consent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function moscowIds(page: Page): Promise<{ region_id: number; id: number }> {
  const cities = await (
    await page.request.get(`/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ search: 'Москва' }))}`)
  ).json();
  return cities.results.find((c: { name: string }) => c.name === 'Москва');
}

test('5: a refused token cookie clears the session and the shopper stays on the product page', async ({
  page,
  context,
  baseURL,
}) => {
  const [product] = await productsInStock('odezhda', 3);
  const origin = new URL(baseURL!).origin;
  const exp = Math.floor(Date.now() / 1000) + 3600;
  // A well-formed, unexpired token the API does not know (as after a password reset elsewhere).
  const payload = Buffer.from(JSON.stringify({ exp, uid: 1 })).toString('base64url');
  await context.addCookies([
    { name: 'token', value: `v1.${payload}.${'x'.repeat(43)}`, url: origin, httpOnly: true, sameSite: 'Lax' },
    { name: 'token_exp', value: String(exp), url: origin, sameSite: 'Lax' },
  ]);
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/get_user'));
  await page.goto(product!);
  expect((await refused).status()).toBe(401);
  await expect(page.getByTestId('header-account').first()).toContainText('Вход');
  // Give a redirect every chance to happen: the page the shopper opened stays.
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).pathname).toBe(product);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('token');
  expect(names).not.toContain('token_exp');
});

test('6: a second chunk failure within 60 s keeps the header and offers «Обновить страницу»', async ({ page }) => {
  await page.goto('/about');
  const account = page.getByTestId('header-account').first();
  await expect(account).toContainText('Вход');
  // The guard's minute has not passed: spec §8/§9 allow no second reload.
  await page.evaluate(() => sessionStorage.setItem('chunkReloadAt', String(Date.now())));
  // A new release: the chunks this tab knows are gone.
  await page.route('**/_next/static/chunks/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await account.click();

  const notice = page.getByTestId('chunk-load-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('скорее всего, сайт обновился');
  await expect(page.getByText('Что-то пошло не так')).toHaveCount(0);
  await expect(page.getByText('была удалена или перемещена')).toHaveCount(0);
  // Header and page are still there.
  await expect(account).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.unroute('**/_next/static/chunks/**');
  const reloaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Обновить страницу' }).click();
  await reloaded;
  await expect(page.getByTestId('chunk-load-notice')).toHaveCount(0);
  await page.getByTestId('header-account').first().click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
});

const VK_CONFIG = { provider: 'vk', client_id: '51234567', authorize_url: 'https://id.vk.com/authorize' };

/** Stand-in for id.vk.com/authorize: redirects straight back with a code (tests/e2e/social-login.spec.ts). */
async function fakeVkAuthorize(context: BrowserContext) {
  await context.route('https://id.vk.com/**', (route) => {
    const url = new URL(route.request().url());
    const back = new URL(url.searchParams.get('redirect_uri')!);
    back.search = new URLSearchParams({
      code: 'fake-code',
      state: url.searchParams.get('state') ?? '',
      device_id: 'fake-device',
    }).toString();
    return route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
}

test('7: a VK login without e-mail opens the complete-registration popup, which completes that account', async ({
  page,
  context,
}) => {
  // VK ID gave a name but no e-mail: the account it made has no e-mail, middle name or password.
  const vkUser = {
    id: 999_001,
    name: 'Иван Соколов',
    full_name: 'Соколов Иван',
    last_name: 'Соколов',
    first_name: 'Иван',
    middle_name: '',
    second_name: '',
    email: null,
    phone: null,
    subscribed: false,
    bonus_balance: 0,
    has_password: false,
  };
  const completed = {
    ...vkUser,
    name: 'Иван Соколов',
    full_name: 'Соколов Иван Петрович',
    middle_name: 'Петрович',
    second_name: 'Петрович',
    email: `vk-${stamp}@example.ru`,
    has_password: true,
  };
  const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
  let signedIn = false;
  let completion: Record<string, unknown> | null = null;
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/social/providers'),
    (route) => route.fulfill({ json: { status: 'success', providers: [VK_CONFIG] } }),
  );
  await fakeVkAuthorize(context);
  await context.route(
    (url) => url.pathname.startsWith('/api/v1/login/social/token_user/vk'),
    async (route) => {
      const origin = new URL(route.request().url()).origin;
      const exp = String(Math.floor(Date.parse(expiresAt) / 1000));
      await context.addCookies([
        { name: 'token', value: 'v1.vk-stand-in.token', url: origin, httpOnly: true, sameSite: 'Lax' },
        { name: 'token_exp', value: exp, url: origin, sameSite: 'Lax' },
      ]);
      signedIn = true;
      await route.fulfill({ json: { status: 'success', data: { token: 'x', expires_at: expiresAt }, user: vkUser } });
    },
  );
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/get_user'),
    (route) =>
      signedIn
        ? route.fulfill({ json: { status: 'success', user: completion ? completed : vkUser } })
        : route.fulfill({ status: 401, json: { status: 'error', message: 'Войдите в личный кабинет' } }),
  );
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/sign_in'),
    async (route) => {
      completion = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({
        json: { status: 'success', data: { token: 'y', expires_at: expiresAt }, user: completed },
      });
    },
  );

  await page.goto('/');
  await page.getByTestId('header-account').first().click();
  const login = page.getByRole('dialog', { name: 'Вход' });
  const popupOpened = page.waitForEvent('popup');
  await login.getByRole('button', { name: 'Войти через VK' }).click();
  await popupOpened;

  const dialog = page.getByRole('dialog', { name: 'Завершение регистрации' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Укажите почту' })).toHaveCount(0);
  await expect(dialog.getByLabel('Фамилия Имя Отчество')).toHaveValue('Соколов Иван');
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // Spec §5 complete-registration: three name parts, each longer than 2 characters.
  await expect(dialog).toContainText(/Отчеств|длиннее 2/);
  expect(completion).toBeNull();

  await dialog.getByLabel('Фамилия Имя Отчество').fill('Соколов Иван Петрович');
  await dialog.getByLabel('E-mail').fill(completed.email);
  await dialog.getByLabel('Пароль', { exact: true }).fill('Secret123');
  await dialog.getByLabel('Повторите пароль').fill('Secret123');
  await dialog.getByRole('checkbox', { name: /Я даю согласие на обработку персональных данных/ }).check();
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(dialog).toBeHidden();
  expect(completion).toMatchObject({
    complete: true,
    full_name: 'Соколов Иван Петрович',
    email: completed.email,
    personal_data_consent: true,
  });
  await expect(page.getByTestId('header-account').first()).toContainText('Иван Соколов');
});

test('9: after a declined card the basket leads the guest back to the unpaid order, in that browser only', async ({
  page,
  browser,
  baseURL,
}) => {
  const [, offer] = await offersInStock(2, { skip: 6 });
  await addToBasket(page, offer!);
  await page.goto('/basket');
  await page.getByTestId('basket-checkout').click();
  const choice = page.getByRole('dialog', { name: 'Оформление заказа' });
  await choice.getByLabel('ФИО*').fill('Смирнова Ольга Петровна');
  await choice.getByLabel('E-mail*').fill(`guest-${stamp}@example.ru`);
  await choice.getByLabel('Телефон*').click();
  // Typed from 8, as in tests/e2e/checkout.spec.ts: the 8 becomes the mask's +7.
  await choice.getByLabel('Телефон*').pressSequentially('89035551122', { delay: 60 });
  await expect(choice.getByLabel('Телефон*')).toHaveValue('+7(903)-555-11-22');
  await choice.getByRole('button', { name: 'Продолжить без регистрации' }).click();
  await expect(page).toHaveURL(/\/basket\/delivery$/);
  await page
    .getByRole('group', { name: 'Контактные данные' })
    .getByRole('checkbox', { name: /Я даю согласие на обработку персональных данных/ })
    .check();
  await page.getByLabel('Улица*').fill('Тверская');
  await page.getByLabel('Дом*').fill('12');
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/basket\/delivery\/confirm\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payment-failed')).toContainText('Платёж отклонён банком');
  const guid = page.url().split('/').pop()!;

  // The basket was emptied by the order, and still leads back to it.
  await page.goto('/basket');
  await expect(page.getByTestId('basket-empty')).toBeVisible();
  const unpaid = page.getByTestId('unpaid-order');
  await expect(unpaid).toBeVisible();
  await expect(unpaid).toContainText('ждёт оплаты');
  await expect(unpaid).toContainText('Платёж отклонён банком');
  await expect(unpaid).toContainText(/закреплены за вами до \d\d:\d\d/);
  await expect(unpaid.getByRole('link', { name: 'Оплатить' })).toHaveAttribute(
    'href',
    `/basket/delivery/confirm/${guid}`,
  );

  // Another browser (the order number alone, or nothing) sees no order.
  const stranger = await browser.newContext({ baseURL });
  const other = await stranger.newPage();
  await other.goto('/basket');
  await expect(other.getByTestId('basket-empty')).toBeVisible();
  await expect(other.getByTestId('unpaid-order')).toHaveCount(0);
  await stranger.close();

  await unpaid.getByRole('link', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(new RegExp(`/basket/delivery/confirm/${guid}$`));
  await page.getByTestId('payment-failed').getByRole('button', { name: 'Оплатить ещё раз' }).click();
  await payWithCard(page, '4111111111111111');
  await expect(page).toHaveURL(/\/basket\/success$/);
  // Paid: the basket no longer offers it.
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/get_order_info'));
  await page.goto('/basket');
  await expect(page.getByTestId('basket-empty')).toBeVisible();
  await asked;
  await expect(page.getByTestId('unpaid-order')).toHaveCount(0);
});

test('10: «Войти» after a password change on /reset/{token} goes home and opens login', async ({ page }) => {
  const email = `reset-${stamp}@example.ru`;
  await registerBuyer(page, email);
  await page.context().clearCookies();
  expect((await page.request.post('/api/v1/reset/', { data: { email } })).status()).toBe(200);
  await expect
    .poll(() => existsSync(MAIL_DIR) && readdirSync(MAIL_DIR).some((f) => f.endsWith('.eml') && f.includes(email)))
    .toBe(true);
  const mail = readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.eml') && f.includes(email))
    .sort()
    .at(-1)!;
  const token = /\/reset\/([A-Za-z0-9_-]{20,})/.exec(
    readFileSync(path.join(MAIL_DIR, mail), 'utf8').replace(/=\r?\n/g, ''),
  )![1];

  await page.goto(`/reset/${token}`);
  await page.getByLabel('Новый пароль').fill('Newpass456');
  await page.getByLabel('Повторите пароль').fill('Newpass456');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Данные успешно сохранены')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
});

test('10: order history says how long ago a fresh order was placed; a saved address is preselected', async ({
  page,
}) => {
  const email = `history-${stamp}@example.ru`;
  await registerBuyer(page, email, 'Волкова Мария Андреевна');
  const moscow = await moscowIds(page);
  const saved = await page.request.post('/api/v1/user_address/', {
    data: {
      region_id: moscow.region_id,
      city_id: moscow.id,
      street: 'Арбат',
      house: '10',
      apartment: '7',
      postcode: '119002',
    },
  });
  expect(saved.status()).toBeLessThan(300);
  const [first, second] = await offersInStock(2, { skip: 6 });

  // Checkout: the saved address is chosen without a click.
  await addToBasket(page, first!);
  await page.goto('/basket/delivery');
  await expect(page.getByLabel('Улица*')).toHaveValue('Арбат');
  await expect(page.getByLabel('Дом*')).toHaveValue('10');
  await expect(
    page.getByRole('group', { name: 'Сохранённые адреса' }).getByRole('button', { name: /Арбат/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  // An order placed a moment ago.
  const placed = await page.request.post('/api/v1/order/', {
    data: {
      items: [{ offer: second!.offer, feature: second!.feature, quantity: 1 }],
      contact: { fio: 'Волкова Мария Андреевна', email, phone: '+79035551122' },
      delivery: {
        method: 'courier',
        city_id: moscow.id,
        street: 'Арбат',
        house: '10',
        apartment: '7',
        postcode: '119002',
      },
      personal_data_consent: true,
    },
  });
  expect(placed.status(), await placed.text()).toBeLessThan(300);
  const { order } = await placed.json();
  await page.goto('/history-order');
  const row = page.getByTestId('order').filter({ hasText: order.number });
  await expect(row).toContainText(/назад/);
  await expect(row).not.toContainText(/\d{1,2} [а-я]+ \d{4}/);
});
