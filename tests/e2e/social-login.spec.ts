/**
 * Social login in the browser (issue #4 "VK ID login when VK credentials are configured; the
 * buttons are hidden when they are not"; spec §4 Session "Social login", §8 social login library
 * errors, §9 popup 580×400).
 *
 * The e2e shop runs without VK credentials, so: the buttons are hidden; the callback page refuses a
 * bogus state with the spec's message. The popup round trip runs with stand-ins for what needs VK:
 * the providers answer (as if VK were configured), VK ID's authorize page (it redirects straight
 * back with a code), and — for the success case — the exchange (VK's servers would check the code).
 * A real VK ID round trip cannot run offline.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { API_URL } from './helpers';

const STATE_MISMATCH = 'State parameter value does not match original OAuth request state value';
const VK_CONFIG = { provider: 'vk', client_id: '51234567', authorize_url: 'https://id.vk.com/authorize' };

async function openLoginPopup(page: Page) {
  await page.getByTestId('header-account').first().click();
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Answers the providers endpoint as a shop with VK ID configured would. */
async function pretendVkConfigured(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/social/providers'),
    (route) => route.fulfill({ json: { status: 'success', providers: [VK_CONFIG] } }),
  );
}

/** Stands in for id.vk.com/authorize: records the request and redirects back with a code. */
async function fakeVkAuthorize(context: BrowserContext): Promise<URL[]> {
  const seen: URL[] = [];
  await context.route('https://id.vk.com/**', (route) => {
    const url = new URL(route.request().url());
    seen.push(url);
    const back = new URL(url.searchParams.get('redirect_uri')!);
    back.search = new URLSearchParams({
      code: 'fake-code',
      state: url.searchParams.get('state') ?? '',
      device_id: 'fake-device',
      type: 'code_v2',
    }).toString();
    return route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  return seen;
}

test('without VK credentials (the default) the login and registration popups show no VK button', async ({
  page,
  request,
}) => {
  const providers = await request.get(`${API_URL}/api/v1/social/providers/`);
  expect(await providers.json()).toEqual({ status: 'success', providers: [] });

  await page.goto('/');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/social/providers'));
  const login = await openLoginPopup(page);
  expect((await (await answered).json()).providers).toEqual([]);
  await expect(login.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  await expect(login.getByRole('button', { name: 'Войти через VK' })).toHaveCount(0);
  await login.getByRole('button', { name: 'Зарегистрироваться' }).click();
  const registration = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(registration).toBeVisible();
  await expect(registration.getByRole('button', { name: 'Войти через VK' })).toHaveCount(0);
});

test('the callback page refuses a bogus state with the spec message and an unknown provider', async ({ page }) => {
  await page.goto('/auth/vk/callback?code=abc&state=bogus-state&device_id=d1');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(STATE_MISMATCH);
  await page.goto('/auth/instagram/callback?code=abc&state=s');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Unknown provider');
});

test('the VK button opens a 580×400 popup to VK ID with state and PKCE; an exchange the API refuses is shown under it', async ({
  page,
  context,
}) => {
  await pretendVkConfigured(page);
  const authorizeRequests = await fakeVkAuthorize(context);
  // The exchange waits until the popup was measured (the opener closes it right after the answer).
  let measured!: () => void;
  const measuredPromise = new Promise<void>((resolve) => (measured = resolve));
  await context.route(
    (url) => url.pathname.startsWith('/api/v1/login/social/token_user/vk'),
    async (route) => {
      await measuredPromise;
      await route.continue();
    },
  );
  await page.goto('/');
  const dialog = await openLoginPopup(page);
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Войти через VK' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/auth\/vk\/callback\?/);
  await expect(popup.getByRole('status')).toHaveText('Входим в личный кабинет…');
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([580, 400]);
  measured();

  // The real API has no VK credentials: the exchange is refused and the message reaches the opener.
  await expect(dialog.getByRole('alert')).toHaveText('Вход через эту соцсеть не настроен');
  const authorize = authorizeRequests[0]!;
  expect(authorize.searchParams.get('client_id')).toBe(VK_CONFIG.client_id);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authorize.searchParams.get('redirect_uri')).toBe(new URL('/auth/vk/callback', page.url()).toString());
  await expect.poll(() => popup.isClosed()).toBe(true);
});

test('after a successful exchange the opener loads the user and closes the popup', async ({
  page,
  context,
  request,
}) => {
  await pretendVkConfigured(page);
  await fakeVkAuthorize(context);
  // Stand-in for the exchange VK would allow: the BFF's cookie for a real token of the demo buyer.
  const login = await (
    await request.post(`${API_URL}/api/v1/auth/`, { data: { username: 'demo@lumiere.test', password: 'Demo12345' } })
  ).json();
  let exchangeBody: Record<string, unknown> | null = null;
  await context.route(
    (url) => url.pathname.startsWith('/api/v1/login/social/token_user/vk'),
    async (route) => {
      exchangeBody = route.request().postDataJSON() as Record<string, unknown>;
      const origin = new URL(route.request().url()).origin;
      const exp = String(Math.floor(Date.parse(login.data.expires_at) / 1000));
      await context.addCookies([
        { name: 'token', value: login.data.token, url: origin, httpOnly: true, sameSite: 'Lax' },
        { name: 'token_exp', value: exp, url: origin, sameSite: 'Lax' },
      ]);
      await route.fulfill({ json: login });
    },
  );
  await page.goto('/');
  const dialog = await openLoginPopup(page);
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Войти через VK' }).click();
  const popup = await popupOpened;
  await expect(page.getByTestId('header-account').first()).toContainText(login.user.first_name);
  await expect(dialog).toBeHidden();
  await expect.poll(() => popup.isClosed()).toBe(true);
  expect(exchangeBody).toMatchObject({ code: 'fake-code', clientId: VK_CONFIG.client_id, deviceId: 'fake-device' });
  expect(exchangeBody!.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
});
