/**
 * Pages opened directly (spec §2): a product by URL, its canonical redirect, the trailing-slash
 * redirect that keeps the query, the error page, and complete HTML without JavaScript.
 */
import { expect, test } from '@playwright/test';
import { productsInStock } from './helpers';

test('a product page opens directly by its URL', async ({ page }) => {
  const [path] = await productsInStock('odezhda', 5);
  const response = await page.goto(path!);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/₽/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить в корзину' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Хлебные крошки' }).getByRole('link', { name: 'Главная' }),
  ).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  // "Вам может понравиться": each related product's card has its favourites heart
  const related = page.getByRole('region', { name: 'Вам может понравиться' }).getByRole('article');
  await expect(related.first()).toBeVisible();
  const count = await related.count();
  await expect(
    page
      .getByRole('region', { name: 'Вам может понравиться' })
      .getByRole('button', { name: /^Добавить в избранное: / }),
  ).toHaveCount(count);
});

test('a product URL without its slug or with a wrong one redirects permanently to the canonical URL', async ({
  request,
}) => {
  const [path] = await productsInStock('obuv', 3);
  const withoutSlug = path!.replace(/\/[^/]+$/, '');
  for (const url of [withoutSlug, `${withoutSlug}/wrong-slug`]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(308);
    expect(new URL(res.headers().location!, 'http://x').pathname).toBe(path);
  }
});

test('a path with a trailing slash redirects to the path without it, keeping the query', async ({ request }) => {
  const res = await request.get('/kupalniki/?page=2&sort=new', { maxRedirects: 0 });
  expect([301, 308]).toContain(res.status());
  const location = new URL(res.headers().location!, 'http://x');
  expect(location.pathname).toBe('/kupalniki');
  expect(location.search).toBe('?page=2&sort=new');
});

test('an unknown route shows the error page with a link home', async ({ page }) => {
  for (const url of ['/no-such-page', '/kupalniki/no-such-category', '/odezhda/platya/12ab/slug']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page).toHaveTitle(/Ошибка/);
    await expect(page.getByText(/удалена или перемещена/i)).toBeVisible();
    await page
      .getByRole('link', { name: /на главную/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, a listing and a product are complete HTML: names, prices, links, pagination', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Распродажа' })).toBeVisible();
    const productLinks = await page
      .locator('main a[href]')
      .evaluateAll((links) =>
        links.map((a) => a.getAttribute('href')!).filter((h) => /^\/[a-z]+\/[a-z0-9/-]+\/\d+\/[a-z0-9-]+$/.test(h)),
      );
    expect(productLinks.length).toBeGreaterThanOrEqual(8);
    await expect(page.getByText(/\d[\s\u00a0\u202f]₽/).first()).toBeVisible();

    await page.goto('/kupalniki');
    const products = page.getByTestId('product-grid').getByRole('listitem');
    await expect(products).toHaveCount(24);
    await expect(products.first()).toContainText('₽');
    await page.getByRole('navigation', { name: 'Страницы каталога' }).getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(products).toHaveCount(24);

    const href = await products.first().getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/\d[\s\u00a0\u202f]₽/).first()).toBeVisible();
    await expect(page.getByText('Состав')).toBeVisible();
  });
});
