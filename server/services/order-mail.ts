/**
 * Order e-mails (issue #5: "an order e-mail is sent (same mail adapter as password reset)"):
 * "accepted" when an order is created, "paid" when the payment is confirmed, with the codes of
 * bought gift certificates. Sending never fails the order: errors are logged.
 */
import { asc, eq } from 'drizzle-orm';
import { formatPriceInText } from '@/lib/format/price';
import { orderItems, orders } from '../db/schema';
import { serverEnv } from '../env';
import { logError } from './log';
import { sendMail } from './mail';
import type { Db } from '../db/client';

/** Builds and sends the e-mail in the background; never throws. */
export function sendOrderMail(
  db: Db,
  orderId: number,
  kind: 'created' | 'paid',
  certificates: Array<{ code: string; amount: number }> = [],
): void {
  void (async () => {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) return;
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const site = serverEnv.SITE_URL;
    const text = [
      kind === 'paid' ? `Заказ ${order.number} оплачен. Спасибо!` : `Спасибо! Ваш заказ ${order.number} принят.`,
      '',
      ...lines.map(
        (l) =>
          `• ${l.productName}${l.sizeName ? `, ${l.sizeName}` : ''} — ${l.quantity} шт. × ${formatPriceInText(l.price)}`,
      ),
      '',
      order.discount > 0
        ? `Скидка${order.promoCode ? ` по промокоду ${order.promoCode}` : ''}: −${formatPriceInText(order.discount)}`
        : '',
      `Доставка: ${formatPriceInText(order.deliveryCost)} (${order.deliveryAddress})`,
      order.giftCardAmount > 0 ? `Оплачено сертификатом: ${formatPriceInText(order.giftCardAmount)}` : '',
      `Итого: ${formatPriceInText(order.total)}`,
      ...(certificates.length
        ? [
            '',
            'Ваши подарочные сертификаты:',
            ...certificates.map((c) => `• ${c.code} на ${formatPriceInText(c.amount)}`),
          ]
        : []),
      '',
      `Статус заказа: ${site}/basket/delivery/confirm/${order.guid}`,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n');
    await sendMail({
      to: order.contactEmail,
      subject: kind === 'paid' ? `Заказ ${order.number} оплачен` : `Заказ ${order.number} принят`,
      text,
    });
  })().catch((error: unknown) => logError('order-mail', `order id ${orderId}`, error));
}
