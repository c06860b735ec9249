/**
 * Issue #34 item 4 "Navigation feels like one app" (docs/navigation.md): a signed-in shopper
 * moving between pages never sees «Вход» or an empty basket counter in the header (spec §2
 * Layout), the spec's page-loading bar (§4 Data reloads: 5 s, 200 ms throttle) shows while a
 * navigation waits, and the links still work without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_URL } from './helpers';

/** A shop page's breadcrumbs, chips and product cards all link into this section. */
const SECTION = '/kupalniki';

/**
 * Looks at the header in every animation frame of the page and counts the frames in which the
 * account link showed «Вход» (its text visible) and those without a basket counter.
 */
function watchHeader() {
  const w = window as unknown as { __header: { login: number; noBasket: number; frames: number } };
  w.__header = { login: 0, noBasket: 0, frames: 0 };
  const frame = () => {
    const text = document.querySelector('[data-testid="header-account"] span');
    if (text && /Вход/.test(text.textContent ?? '') && text.checkVisibility({ visibilityProperty: true }))
      w.__header.login += 1;
    if (!document.querySelector('[data-testid="header-basket-count"]')) w.__header.noBasket += 1;
    w.__header.frames += 1;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Resets the header counters and marks the document, before a navigation. */
async function beforeNavigation(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __header: { login: number; noBasket: number; frames: number }; __same?: true };
    w.__header = { login: 0, noBasket: 0, frames: 0 };
    w.__same = true;
  });
}

/**
 * After a navigation: the same document (no page load in between, so the header was never
 * rebuilt), and not one frame with «Вход» or without the basket counter.
 */
async function expectHeaderKept(page: Page, step: string) {
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __header?: { login: number; noBasket: number; frames: number }; __same?: true };
    return { sameDocument: w.__same === true, ...w.__header };
  });
  expect(seen, step).toMatchObject({ sameDocument: true, login: 0, noBasket: 0 });
  expect(seen.frames, `${step}: the header was watched`).toBeGreaterThan(0);
}

/** A one-size offer in stock, for one basket line. */
async function basketLine(): Promise<{ offer: number; feature: string }> {
  const list = (await (await fetch(`${API_URL}/api/v1/offers/odezhda/?limit=20`)).json()) as {
    results: Array<{ id: number }>;
  };
  for (const card of list.results) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as {
      offers: Array<{ id: number; features: Array<{ ext_id: string; stock: number }> }>;
    };
    for (const offer of detail.offers) {
      const size = offer.features.find((f) => f.stock > 0);
      if (size) return { offer: offer.id, feature: size.ext_id };
    }
  }
  throw new Error('no one-size offer in stock');
}

test('a signed-in shopper never sees «Вход» or an empty basket across five navigations', async ({ page }) => {
  const login = await page.request.post('/api/v1/auth/', {
    data: { username: 'demo@lumiere.test', password: 'Demo12345' },
  });
  expect(login.ok()).toBe(true);
  expect((await page.request.post('/api/v2/cart/', { data: await basketLine() })).ok()).toBe(true);
  await page.addInitScript(watchHeader);

  await page.goto(SECTION);
  const account = page.getByTestId('header-account').first();
  await expect(account).not.toContainText('Вход');
  await expect(page.getByTestId('header-basket-count').first()).toBeVisible();
  const name = (await account.textContent())!.trim();
  expect(name.length).toBeGreaterThan(0);

  // 1. A catalogue chip (a subcategory of the section).
  await beforeNavigation(page);
  const chip = page.getByRole('navigation', { name: 'Подкатегории' }).getByRole('link').first();
  const chipHref = (await chip.getAttribute('href'))!;
  await chip.click();
  await expect(page).toHaveURL(chipHref);
  await expect(page.getByRole('navigation', { name: 'Хлебные крошки' })).toContainText(
    (await page.locator('h1').first().textContent())!.trim(),
  );
  await expectHeaderKept(page, 'chip');

  // 2. A product card.
  await beforeNavigation(page);
  const card = page.locator('main article a').first();
  const cardHref = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL(cardHref);
  await expect(page.getByTestId('gallery-main')).toBeVisible();
  await expectHeaderKept(page, 'product card');

  // 3. A breadcrumb back to the section.
  await beforeNavigation(page);
  await page.getByRole('navigation', { name: 'Хлебные крошки' }).locator(`a[href="${SECTION}"]`).click();
  await expect(page).toHaveURL(SECTION);
  await expect(page.getByRole('navigation', { name: 'Подкатегории' })).toBeVisible();
  await expectHeaderKept(page, 'breadcrumb');

  // 4. The menu bar.
  await beforeNavigation(page);
  await page.getByRole('navigation', { name: 'Каталог' }).locator('a[href="/new"]').first().click();
  await expect(page).toHaveURL('/new');
  await expect(page.locator('h1').first()).toBeVisible();
  await expectHeaderKept(page, 'menu');

  // 5. Back.
  await beforeNavigation(page);
  await page.goBack();
  await expect(page).toHaveURL(SECTION);
  await expect(page.getByRole('navigation', { name: 'Подкатегории' })).toBeVisible();
  await expectHeaderKept(page, 'back');

  await expect(account).toHaveText(name);
});

test('a page load of a signed-in shopper paints no «Вход» while the name loads', async ({ page }) => {
  const login = await page.request.post('/api/v1/auth/', {
    data: { username: 'demo@lumiere.test', password: 'Demo12345' },
  });
  expect(login.ok()).toBe(true);
  // The user's answer held back 1 s: «Вход» would be on screen all that time.
  await page.route('**/api/v1/get_user/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.addInitScript(watchHeader);
  for (const path of [SECTION, '/new']) {
    await page.goto(path);
    await expect(page.getByTestId('header-account').first()).not.toContainText('Вход');
    const seen = await page.evaluate(
      () => (window as unknown as { __header: { login: number; frames: number } }).__header,
    );
    expect(seen.frames, path).toBeGreaterThan(0);
    expect(seen.login, `${path}: frames with «Вход»`).toBe(0);
  }
});

test('a guest sees «Вход»', async ({ page }) => {
  await page.goto(SECTION);
  const account = page.getByTestId('header-account').first();
  await expect(account).toContainText('Вход');
  await expect(account.locator('span')).toBeVisible();
});

test('the loading bar shows while a navigation waits, and goes when the page arrives', async ({ page }) => {
  await page.goto(SECTION);
  const chip = page.getByRole('navigation', { name: 'Подкатегории' }).getByRole('link').first();
  const target = (await chip.getAttribute('href'))!;
  // Hold the next page's payload back for 1.5 s (hover prefetch and navigation alike).
  let held = 0;
  await page.route(
    (url) => url.pathname === target,
    async (route) => {
      if (route.request().headers()['rsc'] !== undefined) {
        held += 1;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    },
  );
  const bar = page.locator('[data-phase]');
  await expect(bar).toHaveCount(0);
  await chip.click();
  await expect(page.locator('[data-phase="loading"]')).toBeAttached({ timeout: 1200 });
  expect(page.url()).not.toContain(target);
  await expect(page).toHaveURL(target);
  await expect(bar).toHaveCount(0, { timeout: 3000 });
  expect(held).toBeGreaterThan(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cards, breadcrumbs and chips are plain links that load their pages', async ({ page }) => {
    await page.goto(SECTION);
    const chip = page.getByRole('navigation', { name: 'Подкатегории' }).getByRole('link').first();
    const chipHref = (await chip.getAttribute('href'))!;
    await chip.click();
    await expect(page).toHaveURL(chipHref);

    const card = page.locator('main article a').first();
    const cardHref = (await card.getAttribute('href'))!;
    await card.click();
    await expect(page).toHaveURL(cardHref);
    await expect(page.locator('h1').first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Хлебные крошки' }).locator(`a[href="${SECTION}"]`).click();
    await expect(page).toHaveURL(SECTION);
  });
});
