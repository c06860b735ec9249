/**
 * The shopping walk of issue #2 in Chromium against the production build: home → section →
 * product → size → basket counter and dropdown (spec §2 Layout, §4 Basket) → /basket → quantity
 * +1/−1 (spec §4: applied after the server confirms, never below 1, spec §9) → remove.
 */
import { expect, test } from '@playwright/test';
import { chooseSizes } from './helpers';

test('a shopper finds a swimsuit, puts it in the basket, changes the quantity and removes it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Распродажа' })).toBeVisible();
  await expect(page.getByTestId('header-basket-count')).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Каталог' })
    .getByRole('link', { name: 'Купальники', exact: true })
    .click();
  await expect(page).toHaveURL(/\/kupalniki$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Open products from the listing until one has its sizes in stock.
  const cards = page.getByTestId('product-grid').getByRole('listitem');
  let added = false;
  for (let i = 0; i < 8 && !added; i += 1) {
    await page.goto('/kupalniki');
    const link = cards.nth(i).getByRole('link').first();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    if (!(await chooseSizes(page))) continue;
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await expect(page.getByText('Товар добавлен в корзину')).toBeVisible();
    added = true;
  }
  expect(added).toBe(true);

  const productName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(page.getByTestId('header-basket-count')).toHaveText('1');

  // The dropdown opens on hover with the line and the total.
  await page.getByTestId('header-basket').hover();
  const dropdown = page.getByTestId('basket-dropdown');
  await expect(dropdown).toBeVisible();
  await expect(dropdown).toContainText(productName);
  await expect(dropdown).toContainText('Итого');

  await page.getByTestId('header-basket').click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByTestId('basket-dropdown')).toBeHidden();
  const line = page.getByTestId('basket-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(productName);
  await expect(line.getByTestId('basket-line-quantity')).toHaveText('1');
  const total1 = await page.getByTestId('basket-total').textContent();

  // − is refused at 1; + applies after the server confirms.
  await expect(line.getByRole('button', { name: 'Уменьшить количество' })).toBeDisabled();
  await line.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(line.getByTestId('basket-line-quantity')).toHaveText('2');
  await expect(page.getByTestId('basket-total')).not.toHaveText(total1!);
  const price = Number(total1!.replace(/[^\d,]/g, '').replace(',', '.'));
  const total2 = Number(
    (await page.getByTestId('basket-total').textContent())!.replace(/[^\d,]/g, '').replace(',', '.'),
  );
  expect(total2).toBeCloseTo(price * 2, 2);

  // The change is stored: a reload shows it.
  await page.reload();
  await expect(page.getByTestId('basket-line').getByTestId('basket-line-quantity')).toHaveText('2');

  await page.getByTestId('basket-line').getByRole('button', { name: 'Уменьшить количество' }).click();
  await expect(page.getByTestId('basket-line').getByTestId('basket-line-quantity')).toHaveText('1');

  await page
    .getByTestId('basket-line')
    .getByRole('button', { name: /Удалить/ })
    .click();
  await expect(page.getByTestId('basket-empty')).toBeVisible();
  await expect(page.getByTestId('header-basket-count')).toHaveCount(0);
});
