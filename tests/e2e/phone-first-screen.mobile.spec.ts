/**
 * The phone's first screens (issue #34 item 8, issue #30 "the phone's first screen") at 390×844,
 * with cookies accepted, so the chat button (spec §1 messenger widget) floats over the page:
 * - a product page shows brand, name and price in the first screen, and its size picker and
 *   «Добавить в корзину» stay at the bottom of the screen while the page scrolls; a size chosen
 *   there behaves as the size picker does (sold-out sizes disabled), and nothing shifts (CLS);
 *   until cookies are accepted the bar stays in its place, not under the cookie banner;
 * - a listing shows its first row of cards with their prices, the sort options folded into one
 *   line that works without JavaScript (a <details> of links);
 * - the basket and checkout keep «Итого» and their main button on screen, and the chat button
 *   covers neither them nor «Применить» (promo code);
 * - none of them scrolls sideways.
 * Runs in the `mobile` project of playwright.config.ts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_URL, productsInStock } from './helpers';

const SCREEN = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

test.beforeEach(async ({ context }) => {
  // The chat button shows only after cookie consent (spec §1).
  await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
});

/** How many CSS pixels the page is wider than the screen (0 when it does not scroll sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The element's box in the viewport now (not scrolled into view). */
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  return box;
}

/** The whole box lies within the 390×844 screen. */
function expectOnScreen(box: Box, what: string): void {
  expect(box.y, `${what}: top ${box.y}`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom ${box.y + box.height}`).toBeLessThanOrEqual(SCREEN.height);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(SCREEN.width);
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The control is what a tap at its centre reaches (no floating button or bar over it). */
async function expectNotCovered(locator: Locator, what: string): Promise<void> {
  const reached = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && (el === top || el.contains(top));
  });
  expect(reached, `${what} is covered`).toBe(true);
}

/** The chat button, once the widget has loaded (after consent). */
async function chatButton(page: Page): Promise<Locator> {
  const bubble = page.getByRole('button', { name: 'Написать нам в мессенджер' });
  await expect(bubble).toBeVisible();
  return bubble;
}

/** Puts one size in stock of a product with a single size picker into the basket, via the BFF. */
async function putIntoBasket(page: Page): Promise<void> {
  const list = (await (await fetch(`${API_URL}/api/v1/offers/odezhda/?limit=24`)).json()) as {
    results: Array<{ id: number }>;
  };
  for (const card of list.results) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as {
      offers: Array<{ id: number; features: Array<{ ext_id: string; stock: number }>; features_top: unknown[] }>;
    };
    const offer = detail.offers.find((o) => o.features_top.length === 0 && o.features.some((f) => f.stock > 0));
    if (offer) {
      const feature = offer.features.find((f) => f.stock > 0)!.ext_id;
      const res = await page.request.post('/api/v2/cart/', { data: { offer: offer.id, feature, quantity: 1 } });
      expect(res.status()).toBe(200);
      return;
    }
  }
  throw new Error('no product with a size in stock in /odezhda');
}

/** Cumulative layout shift of the page so far, shifts right after input excluded (web-vitals' rule). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );
}

test.describe('phone first screens at 390×844', () => {
  test('product page: name and price in the first screen, sizes and the button in a bottom bar', async ({ page }) => {
    const [path] = await productsInStock('odezhda', 10);
    expect(path).toBeTruthy();
    await page.goto(path!);
    const name = page.getByRole('heading', { level: 1 });
    await expect(name).toBeVisible();
    await page.waitForLoadState('networkidle');
    const bubble = await chatButton(page);

    const price = page.locator('main').getByText(/₽/).first();
    const sizes = page.locator('fieldset').filter({ has: page.locator('legend', { hasText: /^Размер/ }) });
    const add = page.getByRole('button', { name: 'Добавить в корзину' });
    const firstFree = sizes
      .first()
      .locator('label')
      .filter({ has: page.locator('input:not([disabled])') })
      .first();

    // Issue #34 item 8: before any scrolling.
    expectOnScreen(await boxOf(name), 'the name');
    expectOnScreen(await boxOf(price), 'the price');
    expectOnScreen(await boxOf(sizes.first()), 'the size picker');
    expectOnScreen(await boxOf(add), '«Добавить в корзину»');
    await expectNotCovered(add, '«Добавить в корзину»');
    await expectNotCovered(firstFree, 'a size');
    expect(overlaps(await boxOf(bubble), await boxOf(add))).toBe(false);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Scrolled through the photos (the scroll-up arrow shows from 600 px): the bar stays in reach.
    await page.mouse.wheel(0, 700);
    await expect(page.getByRole('button', { name: 'Наверх' })).toBeVisible();
    await page.waitForTimeout(300);
    expectOnScreen(await boxOf(add), '«Добавить в корзину» after scrolling');
    expectOnScreen(await boxOf(sizes.first()), 'the size picker after scrolling');
    await expectNotCovered(add, '«Добавить в корзину» after scrolling');
    for (const label of await sizes.first().locator('label').all()) {
      const box = await boxOf(label);
      if (box.x + box.width <= SCREEN.width) await expectNotCovered(label, 'a size in the bar');
    }
    for (const floating of [bubble, page.getByRole('button', { name: 'Наверх' })])
      expect(overlaps(await boxOf(floating), await boxOf(add))).toBe(false);

    // The bar's picker is the size picker: without a size it asks for one; with one, it adds.
    const free = sizes.first().locator('input:not([disabled])');
    const checked = sizes.first().locator('input:checked');
    if ((await checked.count()) === 0) {
      await add.click();
      await expect(page.getByText('Выберите размер')).toBeVisible();
    }
    await firstFree.click();
    await expect(free.first()).toBeChecked();
    await add.click();
    await expect(page.getByText('Товар добавлен в корзину')).toBeVisible();
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  });

  test('product page: a sold-out size in the bar cannot be chosen', async ({ page }) => {
    // A product whose first colour has a sold-out size next to sizes in stock.
    let found: { path: string; name: string } | null = null;
    for (const section of ['odezhda', 'kupalniki', 'obuv', 'bele']) {
      const list = (await (await fetch(`${API_URL}/api/v1/offers/${section}/?limit=24`)).json()) as {
        results: Array<{ id: number; full_path_offer: string }>;
      };
      for (const card of list.results) {
        const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as {
          offers: Array<{ features: Array<{ name: string; stock: number; available: boolean }> }>;
        };
        const features = detail.offers[0]?.features ?? [];
        const gone = features.find((f) => !f.available || f.stock <= 0);
        if (gone && features.some((f) => f.available && f.stock > 0)) {
          found = { path: card.full_path_offer, name: gone.name };
          break;
        }
      }
      if (found) break;
    }
    test.skip(found === null, 'the demo catalogue has no product with a sold-out size next to sizes in stock');
    await page.goto(found!.path);
    await page.waitForLoadState('networkidle');
    const picker = page.locator('fieldset').filter({ has: page.locator('legend', { hasText: /^Размер/ }) });
    const soldOut = picker
      .first()
      .locator('label')
      .filter({ hasText: `${found!.name} — нет в наличии` });
    expectOnScreen(await boxOf(soldOut), 'the sold-out size');
    await expect(soldOut.locator('input')).toBeDisabled();
    await soldOut.click({ force: true });
    await expect(soldOut.locator('input')).not.toBeChecked();
  });

  test('product page: before cookies are accepted the bar is not held under the banner', async ({ browser }) => {
    // A first visit: the cookie banner covers the bottom of the screen until «Принять».
    const context = await browser.newContext({ viewport: SCREEN, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const [path] = await productsInStock('odezhda', 10);
    await page.goto(path!);
    await page.waitForLoadState('networkidle');
    const banner = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
    await expect(banner).toBeVisible();
    const add = page.getByRole('button', { name: 'Добавить в корзину' });
    await add.scrollIntoViewIfNeeded();
    await expectNotCovered(add, '«Добавить в корзину» beside the cookie banner');

    await page.evaluate(() => window.scrollTo(0, 0));
    await banner.getByRole('button', { name: 'Принять' }).click();
    await expect(banner).toBeHidden();
    expectOnScreen(await boxOf(add), '«Добавить в корзину» after «Принять»');
    await context.close();
  });

  test('listing: the first row of cards with prices above the fold, sort in one line', async ({ page }) => {
    await page.goto('/kupalniki');
    const grid = page.getByTestId('product-grid').first();
    await expect(grid).toBeVisible();
    await page.waitForLoadState('networkidle');
    const cards = grid.getByRole('listitem');
    for (const index of [0, 1]) {
      const card = cards.nth(index);
      expectOnScreen(await boxOf(card.getByText(/₽/).first()), `the price of card ${index + 1}`);
      expect((await boxOf(card)).y).toBeLessThan(SCREEN.height);
    }
    const sort = page.getByRole('navigation', { name: 'Сортировка' });
    expect((await boxOf(sort)).height).toBeLessThanOrEqual(48);
    await expect(sort.getByRole('link', { name: 'Сначала дешевле' })).toBeHidden();
    await sort.getByText('Сортировка:').click();
    await expect(sort.getByRole('link', { name: 'Сначала дешевле' })).toBeVisible();
    // The open list drops over the grid: the cards do not move.
    expect((await boxOf(cards.first())).y).toBeLessThan(SCREEN.height);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('listing: the folded sort works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ ...SCREEN, javaScriptEnabled: false, viewport: SCREEN });
    const page = await context.newPage();
    await page.goto('/kupalniki');
    const sort = page.getByRole('navigation', { name: 'Сортировка' });
    await sort.getByText('Сортировка:').click();
    await sort.getByRole('link', { name: 'Сначала дешевле' }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(sort.locator('[aria-current]')).toHaveText('Сначала дешевле');
    await context.close();
  });

  test('basket: «Итого» and «Оформить заказ» on screen, the chat button covers no control', async ({ page }) => {
    await putIntoBasket(page);
    await page.goto('/basket');
    await expect(page.getByTestId('basket-line').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const bubble = await chatButton(page);
    const total = page.getByTestId('basket-total');
    const checkout = page.getByTestId('basket-checkout');
    const apply = page.getByRole('button', { name: 'Применить', exact: true });

    expectOnScreen(await boxOf(total), '«Итого»');
    expectOnScreen(await boxOf(checkout), '«Оформить заказ»');
    await expectNotCovered(checkout, '«Оформить заказ»');

    // At every scroll position down to the end of the page.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 200) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const applyBox = await boxOf(apply);
      if (applyBox.y >= 0 && applyBox.y + applyBox.height <= SCREEN.height) {
        expect(overlaps(await boxOf(bubble), applyBox), `the chat button over «Применить» at ${y}`).toBe(false);
        await expectNotCovered(apply, `«Применить» at ${y}`);
      }
      const checkoutBox = await boxOf(checkout);
      if (checkoutBox.y + checkoutBox.height <= SCREEN.height && checkoutBox.y >= 0)
        expect(overlaps(await boxOf(bubble), checkoutBox)).toBe(false);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('checkout: the total and the pay button stay on screen while the form is filled in', async ({ page }) => {
    await putIntoBasket(page);
    await page.goto('/basket/delivery');
    await expect(page.getByLabel('Регион*')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const bubble = await chatButton(page);
    const total = page.getByTestId('summary-total');
    const pay = page.getByTestId('order-summary').getByRole('button', { name: /Перейти к оплате|Оформить заказ/ });

    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // From the first screen to the middle of the form (at the end they sit in the summary).
    for (const y of [0, Math.round(height / 4), Math.round(height / 2)]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expectOnScreen(await boxOf(total), `«Итого» at ${y}`);
      expectOnScreen(await boxOf(pay), `the pay button at ${y}`);
      await expectNotCovered(pay, `the pay button at ${y}`);
      expect(overlaps(await boxOf(bubble), await boxOf(pay))).toBe(false);
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
