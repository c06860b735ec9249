/**
 * The whole catalogue (issue #3 "Done when"; spec §2 routes, §7 catalogue calls, §9 page size 24):
 * every route shape with one example and a 404 for malformed ones, facets changing the count and
 * the URL, sort order checked on prices, pagination and "Показать ещё" with the saved listing
 * state, the empty state, size chart, sold-out sizes, recently viewed, SEO tags of listings.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_URL, cardPrices, productsInStock } from './helpers';

type Card = { id: number; full_path_offer: string };
type CategoryInfo = { path: string; tags: { slug: string }[] };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${API_URL}/api${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The first category of `level` (in `section`) that has a tag; its path and tag slug. */
async function categoryWithTag(level: number, section?: string): Promise<{ path: string; tag: string }> {
  const all = await api<{ path: string; level: number }[]>('/v1/categories');
  for (const category of all.filter(
    (c) => c.level === level && (!section || c.path.startsWith(`${section}/`) || c.path === section),
  )) {
    const info = await api<CategoryInfo>(`/v1/category/${category.path}`);
    if (info.tags[0]) return { path: info.path, tag: info.tags[0].slug };
  }
  throw new Error(`no category of level ${level} with a tag`);
}

async function shownCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('listing-count').innerText()).replace(/\D/g, ''));
}

test('every catalogue route shape answers with its page; malformed shapes answer 404', async ({ page }) => {
  const level2 = await categoryWithTag(2, 'kupalniki');
  const level3 = await categoryWithTag(3);
  const level4 = (await api<{ path: string; level: number }[]>('/v1/categories')).find((c) => c.level === 4)!.path;
  const sectionTag = (await api<CategoryInfo>('/v1/category/kupalniki')).tags[0]!.slug;
  const cards = (await api<{ results: Card[] }>('/v1/offers/?limit=100')).results;
  const short = cards.find((c) => c.full_path_offer.split('/').length === 5)!.full_path_offer;
  const long = cards.find((c) => c.full_path_offer.split('/').length === 6)!.full_path_offer;

  const ok = [
    '/kupalniki',
    `/kupalniki/tag/${sectionTag}`,
    '/kupalniki/tag',
    `/${level2.path}`,
    `/${level2.path}/tag/${level2.tag}`,
    `/${level3.path}`,
    `/${level3.path}/tag/${level3.tag}`,
    `/${level4}`,
    short,
    long,
    '/sale',
    '/new',
    '/brands',
    '/brands/maaji',
    '/search?searchParam=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D0%B5',
    '/landing/kupalniki-dlya-otpuska',
  ];
  for (const url of ok) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible();
  }
  for (const url of [
    `/${level3.path}/extra`,
    `/${level4}/deeper`,
    '/kupalniki/tag/a/b',
    '/kupalniki/razdelnye/123abc',
    '/brands/no-such-brand',
    '/landing/no-such-landing',
    `/${level2.path}/tag/no-such-tag`,
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
  }
});

test('facets combine: a brand then a size change the count and the URL, and match the API', async ({ page }) => {
  await page.goto('/kupalniki');
  const all = await shownCount(page);
  const filters = page.getByRole('form', { name: 'Фильтры' });
  const brand = filters.getByRole('group', { name: 'Бренд' }).getByRole('checkbox').nth(1);
  const brandSlug = (await brand.getAttribute('value'))!;
  await brand.check();
  await expect(page).toHaveURL(new RegExp(`[?&]brand=${brandSlug}`));
  await expect.poll(() => shownCount(page)).toBeLessThan(all);
  const byBrand = await shownCount(page);

  const size = page
    .getByRole('form', { name: 'Фильтры' })
    .getByRole('group', { name: 'Размер' })
    .getByRole('checkbox', { disabled: false })
    .first();
  const sizeName = (await size.getAttribute('value'))!;
  await size.check();
  await expect(page).toHaveURL(new RegExp(`size=${encodeURIComponent(sizeName)}`));
  await expect(page).toHaveURL(new RegExp(`brand=${brandSlug}`));
  await expect.poll(() => shownCount(page)).toBeLessThanOrEqual(byBrand);
  const both = await shownCount(page);
  const expected = await api<{ count: number }>(
    `/v1/offers/kupalniki/?limit=1&filters=${encodeURIComponent(JSON.stringify({ brands: [brandSlug], sizes: [sizeName] }))}`,
  );
  expect(both).toBe(expected.count);

  // The filtered listing does not compete with the clean one.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/kupalniki$/);

  // Removing the brand chip keeps the size.
  await page.getByRole('link', { name: /Убрать фильтр «Бренд/ }).click();
  await expect(page).not.toHaveURL(/brand=/);
  await expect(page).toHaveURL(/size=/);
});

test('the facet form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/odezhda');
  const before = await shownCount(page);
  await page
    .getByRole('form', { name: 'Фильтры' })
    .getByRole('checkbox', { name: /Со скидкой/ })
    .check();
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  await expect(page).toHaveURL(/sale=1/);
  expect(await shownCount(page)).toBeLessThan(before);
  await context.close();
});

test('sort by price up and down orders the cards by price', async ({ page }) => {
  await page.goto('/odezhda');
  await page.getByRole('navigation', { name: 'Сортировка' }).getByRole('link', { name: 'Сначала дешевле' }).click();
  await expect(page).toHaveURL(/sort=price_asc/);
  const up = await cardPrices(page);
  expect(up.length).toBe(24);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await page.getByRole('navigation', { name: 'Сортировка' }).getByRole('link', { name: 'Сначала дороже' }).click();
  await expect(page).toHaveURL(/sort=price_desc/);
  const down = await cardPrices(page);
  expect(down).toEqual([...down].sort((a, b) => b - a));
  expect(down[0]!).toBeGreaterThan(up[0]!);
});

test('page links keep filters and sort; "Показать ещё" appends without losing scroll and survives Back', async ({
  page,
}) => {
  await page.goto('/odezhda?sort=new');
  const pagination = page.getByRole('navigation', { name: 'Страницы каталога' });
  await pagination.getByRole('link', { name: 'Вперёд →' }).click();
  await expect(page).toHaveURL(/\/odezhda\?sort=new&page=2$/);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/odezhda$/);

  await page.goto('/odezhda');
  const cards = page.locator('[data-testid="product-grid"] > li');
  await expect(cards).toHaveCount(24);
  const firstIds = await cards.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const more = page.getByRole('button', { name: 'Показать ещё' });
  await more.scrollIntoViewIfNeeded();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  expect(scrollBefore).toBeGreaterThan(500);
  await more.click();
  await expect(cards).toHaveCount(48);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrollBefore - 5);
  await expect(page).toHaveURL(/\/odezhda$/);
  const appended = cards.nth(30).locator('a').first();
  const appendedHref = await appended.getAttribute('href');
  expect(firstIds).not.toContain(appendedHref);
  // appended cards carry the favourites heart like the server-rendered ones
  const heart = cards.nth(30).getByRole('button', { name: /^Добавить в избранное: / });
  await expect(heart).toBeVisible();
  await heart.click();
  await expect(cards.nth(30).getByRole('button', { name: /^Убрать из избранного: / })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // savedStateCatalogPage: open an appended product, come back, the 48 cards and the place are back.
  await appended.scrollIntoViewIfNeeded();
  const scrollAtClick = await page.evaluate(() => window.scrollY);
  await appended.click();
  await expect(page).toHaveURL(appendedHref!);
  await page.goBack();
  await expect(cards).toHaveCount(48);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollAtClick - 300);
});

test('no results say so and offer to drop the filters', async ({ page }) => {
  await page.goto('/kupalniki?price=1-2');
  await expect(page.getByText('По выбранным фильтрам ничего не найдено')).toBeVisible();
  await page.getByRole('link', { name: 'Сбросить фильтры' }).click();
  await expect(page).toHaveURL(/\/kupalniki$/);
  await expect(page.locator('[data-testid="product-grid"] > li')).toHaveCount(24);
});

test('the size chart opens from the product page and Escape closes it', async ({ page }) => {
  const [path] = await productsInStock('odezhda', 3);
  await page.goto(path!);
  await page.getByRole('button', { name: 'Таблица размеров' }).click();
  const dialog = page.getByRole('dialog', { name: 'Таблица размеров' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Россия' })).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Международный' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a sold-out size is shown but cannot be chosen', async ({ page }) => {
  const cards = (await api<{ results: Card[] }>('/v1/offers/odezhda/?limit=60')).results;
  let target: { path: string; name: string } | null = null;
  for (const card of cards) {
    const detail = await api<{ offers: { features: { name: string; stock: number }[] }[] }>(
      `/v1/product_offer/?pk=${card.id}`,
    );
    const soldOut = detail.offers[0]?.features.find((f) => f.stock === 0);
    if (soldOut) {
      target = { path: card.full_path_offer, name: soldOut.name };
      break;
    }
  }
  expect(target).not.toBeNull();
  await page.goto(target!.path);
  const radio = page
    .getByRole('group', { name: 'Размер' })
    .getByRole('radio', { name: new RegExp(`^${target!.name}\\b`) });
  await expect(radio).toBeDisabled();
});

test('recently viewed products appear on the next product page', async ({ page }) => {
  const [first, second] = await productsInStock('obuv', 4);
  await page.goto(first!);
  const firstName = await page.getByRole('heading', { level: 1 }).innerText();
  // The page remembers the product once it is interactive (a shopper reads it longer than a test).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('recentlyViewed') ?? '')).toContain(first!);
  await page.goto(second!);
  const section = page.getByRole('region', { name: 'Вы недавно смотрели' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('link', { name: new RegExp(firstName.slice(0, 20)) }).first()).toHaveAttribute(
    'href',
    first!,
  );
});

test('the gallery zooms on click and shows a discount on a product on sale', async ({ page }) => {
  const sale = (
    await api<{ results: (Card & { discount: number })[] }>(
      `/v1/offers/kupalniki/?limit=24&filters=${encodeURIComponent('{"sale":true}')}`,
    )
  ).results[0]!;
  await page.goto(sale.full_path_offer);
  await expect(page.getByText(`−${sale.discount}%`).first()).toBeVisible();
  const main = page.getByTestId('gallery-main');
  await main.click();
  await expect(main).toHaveClass(/zoomed/);
});

test('sitemap index, sitemap files and robots.txt', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap-index\.xml/);
  expect(robots).toMatch(/Disallow: \/api\//);
  const index = await (await request.get('/sitemap-index.xml')).text();
  expect(index).toContain('/sitemap/0.xml');
  expect(index).toContain('/sitemap/1.xml');
  const pages = await (await request.get('/sitemap/0.xml')).text();
  expect(pages).toMatch(/\/kupalniki<\/loc>/);
  expect(pages).toMatch(/\/brands\/maaji<\/loc>/);
  expect(pages).toMatch(/\/tag\/[a-z0-9-]+<\/loc>/);
  const products = await (await request.get('/sitemap/1.xml')).text();
  expect(products.match(/<url>/g)?.length ?? 0).toBeGreaterThan(100);
});

test('a wide screen fetches tile photos for the tile, not for a quarter of the screen', async ({ browser }) => {
  // offer-tile.tsx CARD_IMAGE_SIZES: a tile is at most ~309 px wide, whatever the screen.
  const context = await browser.newContext({ viewport: { width: 2560, height: 1200 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto('/kupalniki');
  const first = page.locator('article img').first();
  await expect(first).toHaveJSProperty('complete', true);
  const { width, src } = await first.evaluate((img: HTMLImageElement) => ({
    width: img.getBoundingClientRect().width,
    src: img.currentSrc,
  }));
  expect(width).toBeLessThanOrEqual(320);
  // 2 device pixels per CSS pixel: the smallest candidate covering 320 px is 640 px wide.
  expect(Number(new URL(src).searchParams.get('w'))).toBeLessThanOrEqual(640);
  await context.close();
});
