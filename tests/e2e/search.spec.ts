/**
 * Search (issue #3; spec §2 search bar and /search with `searchParam`): Russian morphology, typos
 * and Cyrillic brand names, the suggestions combobox with keyboard selection, the submit rule for
 * empty text, outside click, and facets/sort on the results page.
 */
import { expect, test } from '@playwright/test';
import { cardPrices, cardTexts } from './helpers';

const firstCard = (page: import('@playwright/test').Page) => page.locator('[data-testid="product-grid"] > li').first();

for (const spelling of ['купальники', 'купальник', 'купальнека']) {
  test(`"${spelling}" finds swimsuits`, async ({ page }) => {
    await page.goto(`/search?searchParam=${encodeURIComponent(spelling)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Результаты поиска «${spelling}»`);
    const count = Number((await page.getByTestId('listing-count').innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThan(10);
    const names = await cardTexts(page);
    // The best matches are swimsuits by name; the rest of the page is mostly swimwear too.
    expect(names.slice(0, 3).every((text) => /купальн/i.test(text))).toBe(true);
    expect(names.filter((text) => /купальн/i.test(text)).length).toBeGreaterThanOrEqual(12);
  });
}

test('"Маажи" finds Maaji', async ({ page }) => {
  await page.goto(`/search?searchParam=${encodeURIComponent('Маажи')}`);
  const texts = await cardTexts(page);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.slice(0, 5).every((text) => /maaji/i.test(text))).toBe(true);
});

test('the search results have facets and sort', async ({ page }) => {
  await page.goto(`/search?searchParam=${encodeURIComponent('платье')}`);
  await page.getByRole('navigation', { name: 'Сортировка' }).getByRole('link', { name: 'Сначала дешевле' }).click();
  await expect(page).toHaveURL(/searchParam=.+&sort=price_asc/);
  const prices = await cardPrices(page);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  const before = Number((await page.getByTestId('listing-count').innerText()).replace(/\D/g, ''));
  await page
    .getByRole('form', { name: 'Фильтры' })
    .getByRole('checkbox', { name: /Со скидкой/ })
    .check();
  await expect(page).toHaveURL(/sale=1/);
  await expect(page).toHaveURL(/searchParam=/);
  await expect
    .poll(async () => Number((await page.getByTestId('listing-count').innerText()).replace(/\D/g, '')))
    .toBeLessThan(before);
});

test('the search bar slides in, suggests, and Enter opens the highlighted suggestion', async ({ page }) => {
  await page.goto('/kupalniki');
  const trigger = page.getByRole('link', { name: 'Поиск' }).first();
  await trigger.click();
  const panel = page.getByTestId('search-panel');
  await expect(panel).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Поиск по каталогу' });
  await expect(box).toBeFocused();

  await box.pressSequentially('Маажи', { delay: 30 });
  const listbox = page.getByRole('listbox', { name: 'Подсказки поиска' });
  await expect(listbox.getByRole('option', { name: /Maaji/ }).first()).toBeVisible();
  const products = listbox.getByRole('option').filter({ hasText: '₽' });
  await expect(products.first()).toBeVisible();
  await expect(products.first().locator('img')).toHaveAttribute('src', /.+/);

  // ↓ moves the highlight through the options; Enter opens the highlighted one.
  const options = listbox.getByRole('option');
  const brandIndex = (await options.allInnerTexts()).findIndex((t) => /^(Бренды\s*)?Maaji$/i.test(t.trim()));
  expect(brandIndex).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= brandIndex; i += 1) await box.press('ArrowDown');
  await expect(options.nth(brandIndex)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(brandIndex).getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/brands\/maaji$/);
});

test('an empty or single-space submit is ignored; Enter without a highlight searches; outside click closes', async ({
  page,
}) => {
  await page.goto('/odezhda');
  await page.getByRole('link', { name: 'Поиск' }).first().click();
  const box = page.getByRole('combobox', { name: 'Поиск по каталогу' });
  await box.press('Enter');
  await box.fill(' ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/odezhda$/);

  await page.mouse.click(10, 400);
  await expect(page.getByTestId('search-panel')).toBeHidden();

  await page.getByRole('link', { name: 'Поиск' }).first().click();
  await box.fill('сандалии');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?searchParam=%D1%81%D0%B0%D0%BD%D0%B4%D0%B0%D0%BB%D0%B8%D0%B8$/);
  await expect(firstCard(page)).toBeVisible();
});
