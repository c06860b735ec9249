/**
 * Issue #29: on a phone «Оплатить через СБП» opens the bank-app link (no QR code to scan on the
 * same screen); in the sandbox that is the simulated bank page, whose «Оплатить» brings the
 * shopper back to a paid order.
 */
import { expect, test } from '@playwright/test';
import { unpaidOrder } from './sbp-payment';

test('on a phone СБП opens the bank app link and comes back paid', async ({ page }, info) => {
  const guid = await unpaidOrder(page, 'sbp-phone@example.ru');
  await page.goto(`/basket/delivery/confirm/${guid}`);
  await expect(page.getByRole('button', { name: 'Оплатить через СБП' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('sbp-choice-mobile.png'), fullPage: true });
  await page.getByRole('button', { name: 'Оплатить через СБП' }).click();

  await expect(page).toHaveURL(/\/payment-sbp\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('sandbox-receipt')).toContainText('Чек, который магазин передал в кассу');
  await page.screenshot({ path: info.outputPath('sbp-bank-mobile.png'), fullPage: true });
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(/\/basket\/success$/, { timeout: 20_000 });
});
