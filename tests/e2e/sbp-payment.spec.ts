/**
 * Issue #29: a guest pays by СБП in the sandbox on a desktop: the confirm page offers «Оплатить
 * через СБП» next to the card, shows the QR code (an SVG from the server) with the steps, the
 * simulated bank page shows the receipt the shop registered, and «Оплатить» there completes the
 * order, which the confirm page's polling notices.
 */
import { expect, test } from '@playwright/test';
import { unpaidOrder } from './sbp-payment';

test('a guest pays by СБП with the QR code; the bank page shows the registered receipt', async ({ page }, info) => {
  const guid = await unpaidOrder(page, 'sbp-desktop@example.ru');
  await page.goto(`/basket/delivery/confirm/${guid}`);
  const choice = page.getByTestId('payment-choice');
  await expect(choice).toContainText('ожидает оплаты');
  await expect(choice.getByRole('button', { name: 'Оплатить картой' })).toBeVisible();
  await choice.getByRole('button', { name: 'Оплатить через СБП' }).click();

  const panel = page.getByTestId('sbp-panel');
  const qr = panel.getByRole('img', { name: 'QR-код для оплаты через СБП' });
  await expect(qr).toBeVisible();
  // The picture is the server's SVG (no QR library in the page's scripts).
  const svg = await page.request.get((await qr.getAttribute('src'))!);
  expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(panel).toContainText('Выберите оплату по QR-коду');
  await expect(panel.getByRole('status')).toContainText(/Осталось \d+:\d\d/);
  await page.screenshot({ path: info.outputPath('sbp-qr-desktop.png'), fullPage: true });

  await panel.getByRole('link', { name: 'Открыть страницу оплаты СБП' }).click();
  await expect(page).toHaveURL(/\/payment-sbp\?orderId=[0-9a-f-]{36}$/);
  const receipt = page.getByTestId('sandbox-receipt');
  await expect(receipt).toContainText('Чек, который магазин передал в кассу');
  await expect(receipt).toContainText('Полная предоплата');
  await expect(receipt).toContainText('Доставка');
  await expect(receipt).toContainText('sbp-desktop@example.ru');
  await page.screenshot({ path: info.outputPath('sbp-bank-desktop.png'), fullPage: true });
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();

  await expect(page).toHaveURL(/\/basket\/success$/, { timeout: 20_000 });
  const after = await (await page.request.post('/api/v1/get_order_info/', { data: { guid } })).json();
  expect(after.order_info).toMatchObject({ paid: true, payment_status: 'paid' });
});

test('a declined СБП payment leaves the order unpaid with the bank’s reason and both methods', async ({ page }) => {
  const guid = await unpaidOrder(page, 'sbp-declined@example.ru');
  await page.goto(`/basket/delivery/confirm/${guid}`);
  await page.getByRole('button', { name: 'Оплатить через СБП' }).click();
  await page.getByTestId('sbp-panel').getByRole('link', { name: 'Открыть страницу оплаты СБП' }).click();
  await page.getByRole('button', { name: 'Отклонить' }).click();
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toContainText('Платёж отклонён в приложении банка', { timeout: 20_000 });
  await expect(failed.getByRole('button', { name: 'Оплатить ещё раз' })).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Оплатить через СБП' })).toBeVisible();
});
