/**
 * Issue #29 in Chromium against the production build: a guest pays by card in the sandbox and
 * sees the 54-ФЗ receipt the shop registered; the operator refunds one line through the operator
 * API and the refund, with its «возврат прихода» receipt, is recorded (the sandbox "bank" holds it
 * and the order lists it). The СБП walk is tests/e2e/sbp-payment.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { API_URL } from './helpers';
import { unpaidOrder } from './sbp-payment';

/** The operator key the e2e shop starts with (tests/e2e/global-setup.ts). */
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789abcdef' };

test.describe.configure({ timeout: 120_000 });

test('a guest pays by card and sees the receipt; the operator refunds one line with a refund receipt', async ({
  page,
}, info) => {
  const guid = await unpaidOrder(page, 'receipt-card@example.ru');
  await page.goto(`/basket/delivery/confirm/${guid}`);
  await page.getByTestId('payment-choice').getByRole('button', { name: 'Оплатить картой' }).click();

  await expect(page).toHaveURL(/\/payment-sber\?orderId=/, { timeout: 30_000 });
  const receipt = page.getByTestId('sandbox-receipt');
  await expect(receipt).toContainText('Чек, который магазин передал в кассу');
  await expect(receipt).toContainText('Приход');
  await expect(receipt).toContainText('Доставка');
  await expect(receipt).toContainText('receipt-card@example.ru');
  // The receipt adds up to the amount the card is charged.
  await expect(page.getByTestId('receipt-total')).toHaveText((await page.getByTestId('sandbox-amount').textContent())!);
  await page.screenshot({ path: info.outputPath('card-receipt.png'), fullPage: true });
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(/\/basket\/success$/, { timeout: 30_000 });

  const order = (await (await page.request.post('/api/v1/get_order_info/', { data: { guid } })).json()).order_info;
  expect(order).toMatchObject({ paid: true, refunds: [] });
  const line = order.items_json[0] as { id: number; price: number };
  const refund = await fetch(`${API_URL}/api/v1/operator/orders/${order.number}/refund/`, {
    method: 'POST',
    headers: { ...OPERATOR, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ order_item_id: line.id, quantity: 1 }],
      reason: 'Не подошёл размер',
      key: 'e2e-ret-1',
    }),
  });
  expect(refund.status).toBe(200);
  const made = (await refund.json()).refund;
  expect(made).toMatchObject({ status: 'succeeded', amount: line.price, provider: 'sandbox' });
  expect(made.receipt).toMatchObject({ type: 'refund', total: line.price });

  const listed = await (
    await fetch(`${API_URL}/api/v1/operator/orders/${order.number}/refunds/`, { headers: OPERATOR })
  ).json();
  expect(listed.refunds).toHaveLength(1);
  const after = (await (await page.request.post('/api/v1/get_order_info/', { data: { guid } })).json()).order_info;
  expect(after.refunds).toEqual([
    expect.objectContaining({ amount: line.price, status: 'succeeded', reason: 'Не подошёл размер' }),
  ]);
});
