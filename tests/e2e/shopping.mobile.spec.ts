/**
 * The shop on a 390×844 phone (spec §2 Layout "Mobile menu"): the hamburger opens the modal titled
 * "Меню" with the catalogue sections, a section opens in two columns, and a product goes into the
 * basket from the phone.
 */
import { expect, test } from '@playwright/test';
import { chooseSizes, productsInStock } from './helpers';

test('a phone shopper uses the menu and adds a product to the basket', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(menu).toBeVisible();
  for (const item of ['Корзина', 'Избранное', 'Купальники', 'Одежда', 'Обувь', 'Аксессуары', 'Детское']) {
    await expect(menu.getByRole('link', { name: item, exact: true }).first()).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Одежда', exact: true }).first().click();
  await expect(page).toHaveURL(/\/odezhda$/);
  await expect(menu).toBeHidden();

  const cards = page.getByTestId('product-grid').getByRole('listitem');
  const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  expect(first!.y).toBe(second!.y);
  expect(first!.x + first!.width).toBeLessThanOrEqual(second!.x);
  expect(second!.x + second!.width).toBeLessThanOrEqual(390);

  const [path] = await productsInStock('obuv', 5);
  await page.goto(path!);
  expect(await chooseSizes(page)).toBe(true);
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.getByText('Товар добавлен в корзину')).toBeVisible();
  await expect(page.getByTestId('header-basket-count')).toHaveText('1');
  await page.goto('/basket');
  await expect(page.getByTestId('basket-line')).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
