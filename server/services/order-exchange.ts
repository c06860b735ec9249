/**
 * Orders for 1C, the `type=sale` side of the 1C exchange (server/routes/exchange; issue #15 "type=sale"): `query` answers the orders 1C has not confirmed yet as a
 * CommerceML 2.08 document (one Документ per order: buyer, lines by the size's Ид, delivery as a
 * service, payment and status requisites); `success` marks the orders of the last query exported;
 * `file` applies status changes 1C sends back ("Статус заказа", "Отменен").
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isGuid } from '@/lib/api/contract/common';
import { decimalRubles, lineTotal, toKopecks, toRubles, type Kopecks } from '@/lib/money';
import {
  offerFeatures,
  orderExchange,
  orderItems,
  orderPayments,
  orders,
  orderStatusHistory,
  products,
  type OrderStatus,
} from '../db/schema';
import { ApiHttpError } from '../http';
import { cleanText, normKey } from './catalog-import/text';
import { childrenOf, childText, readXml } from './catalog-import/xml';
import { logError } from './log';
import { cancelOrder } from './refunds';
import type { Db } from '../db/client';

const esc = (v: unknown) =>
  String(v ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const tag = (name: string, value: unknown) => `<${name}>${esc(value)}</${name}>`;
const req = (name: string, value: unknown) =>
  `<ЗначениеРеквизита>${tag('Наименование', name)}${tag('Значение', value)}</ЗначениеРеквизита>`;
const money = (rubles: number) => decimalRubles(rubles, 'fixed');

/** Russian names of statuses as 1C documents carry them (the shop's own names, lib/api/contract/orders.ts). */
const STATUS_NAMES: Record<OrderStatus, string> = {
  new: 'Новый',
  confirmed: 'Подтверждён',
  paid: 'Оплачен',
  assembling: 'Собирается',
  shipped: 'Отгружен',
  delivered: 'Доставлен',
  cancelled: 'Отменён',
  returned: 'Возврат',
};

/** A 1C status name → the shop's status (stems, any case, ё = е). */
export function statusFrom1c(value: string): OrderStatus | undefined {
  const v = normKey(value);
  if (/отмен/.test(v)) return 'cancelled';
  if (/возврат/.test(v)) return 'returned';
  if (/достав|выполн|заверш|получен/.test(v)) return 'delivered';
  if (/отгруж|передан|отправл/.test(v)) return 'shipped';
  if (/собира|комплект|сборк/.test(v)) return 'assembling';
  if (/оплач/.test(v)) return 'paid';
  if (/подтвержд|принят|согласов/.test(v)) return 'confirmed';
  if (/нов/.test(v)) return 'new';
  return undefined;
}

/** A VAT rate as CommerceML's «Ставка»: "22", "10", "0", "Без налога". */
function vat1c(rate: string): string {
  return rate === 'none' ? 'Без налога' : rate;
}

/**
 * The CommerceML document of the orders not yet exported (at most `limit`), and marks them sent.
 * @returns the XML text (UTF-8).
 */
export async function ordersDocument(db: Db, limit = 500): Promise<string> {
  const list = await db
    .select()
    .from(orders)
    .leftJoin(orderExchange, eq(orderExchange.orderId, orders.id))
    .where(isNull(orderExchange.exportedAt))
    .orderBy(orders.id)
    .limit(limit);
  const ids = list.map((r) => r.orders.id);
  const lines = ids.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          name: orderItems.productName,
          size: orderItems.sizeName,
          color: orderItems.colorName,
          price: orderItems.price,
          quantity: orderItems.quantity,
          featureExt: offerFeatures.extId,
          productExt: products.extId,
          productId: orderItems.productId,
          vatRate: orderItems.vatRate,
          markingRequired: orderItems.markingRequired,
        })
        .from(orderItems)
        .leftJoin(offerFeatures, eq(offerFeatures.id, orderItems.featureId))
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(orderItems.id)
    : [];
  // Issue #29: what 1C needs for the full-settlement receipt at shipment (54-ФЗ, tag 1215): the
  // prepayment taken online (its receipt was sent by the acquirer), the certificate advance offset.
  const paid = ids.length
    ? await db
        .select({
          orderId: orderPayments.orderId,
          amount: orderPayments.amount,
          refunded: orderPayments.refundedAmount,
        })
        .from(orderPayments)
        .where(and(inArray(orderPayments.orderId, ids), eq(orderPayments.status, 'paid')))
    : [];
  const now = new Date();
  const docs = list.map(({ orders: o }) => {
    const own = paid.filter((p) => p.orderId === o.id);
    const online = toRubles(own.reduce((sum, p) => sum + toKopecks(p.amount), 0) as Kopecks);
    const refunded = toRubles(own.reduce((sum, p) => sum + toKopecks(p.refunded), 0) as Kopecks);
    const created = o.createdAt;
    const goods = lines
      .filter((l) => l.orderId === o.id)
      .map((l) => {
        const id = l.featureExt ?? l.productExt ?? `site-${l.productId ?? 'x'}`;
        const name = [l.name, l.color, l.size].filter(Boolean).join(', ');
        return `<Товар>${tag('Ид', id)}${tag('Наименование', name)}<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>${tag('ЦенаЗаЕдиницу', money(l.price))}${tag('Количество', l.quantity)}${tag('Сумма', money(toRubles(lineTotal(l))))}<СтавкиНалогов><СтавкаНалога>${tag('Наименование', 'НДС')}${tag('Ставка', vat1c(l.vatRate))}</СтавкаНалога></СтавкиНалогов><ЗначенияРеквизитов>${req('ВидНоменклатуры', 'Товар')}${req('ТипНоменклатуры', 'Товар')}${req('Маркировка Честный ЗНАК', l.markingRequired ? 'Обязательная' : 'Нет')}</ЗначенияРеквизитов></Товар>`;
      });
    if (o.deliveryCost > 0) {
      goods.push(
        `<Товар>${tag('Ид', 'ORDER_DELIVERY')}${tag('Наименование', 'Доставка заказа')}<БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>${tag('ЦенаЗаЕдиницу', money(o.deliveryCost))}${tag('Количество', 1)}${tag('Сумма', money(o.deliveryCost))}<ЗначенияРеквизитов>${req('ВидНоменклатуры', 'Услуга')}${req('ТипНоменклатуры', 'Услуга')}</ЗначенияРеквизитов></Товар>`,
      );
    }
    return `<Документ>${tag('Ид', o.guid)}${tag('Номер', o.number)}${tag('Дата', created.toISOString().slice(0, 10))}${tag('Время', created.toISOString().slice(11, 19))}${tag('ХозОперация', 'Заказ товара')}${tag('Роль', 'Продавец')}${tag('Валюта', 'RUB')}${tag('Курс', 1)}${tag('Сумма', money(o.total))}<Контрагенты><Контрагент>${tag('Ид', o.contactEmail || o.contactPhone)}${tag('Наименование', o.contactFio)}${tag('ПолноеНаименование', o.contactFio)}${tag('Роль', 'Покупатель')}<Контакты><Контакт>${tag('Тип', 'Почта')}${tag('Значение', o.contactEmail)}</Контакт><Контакт>${tag('Тип', 'Телефон рабочий')}${tag('Значение', o.contactPhone)}</Контакт></Контакты><АдресРегистрации>${tag('Представление', o.deliveryAddress)}</АдресРегистрации></Контрагент></Контрагенты>${tag('Комментарий', o.comment)}<Товары>${goods.join('')}</Товары><ЗначенияРеквизитов>${req('Метод оплаты', o.paymentMethod)}${req('Заказ оплачен', o.paymentStatus === 'paid' ? 'true' : 'false')}${req('Способ доставки', o.deliveryMethod)}${req('Адрес доставки', o.deliveryAddress)}${req('Статус заказа', STATUS_NAMES[o.status] ?? o.status)}${req('Отменен', o.status === 'cancelled' ? 'true' : 'false')}${req('Скидка', money(o.discount))}${req('Промокод', o.promoCode ?? '')}${req('Оплачено онлайн (чек предоплаты отправлен эквайером)', money(online))}${req('Оплачено сертификатом (зачёт аванса)', money(o.giftCardAmount))}${req('Возвращено', money(refunded))}</ЗначенияРеквизитов></Документ>`;
  });
  if (ids.length) {
    await db
      .insert(orderExchange)
      .values(ids.map((orderId) => ({ orderId, sentAt: now })))
      .onConflictDoUpdate({ target: orderExchange.orderId, set: { sentAt: now } });
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${now.toISOString().slice(0, 19)}">${docs.join('')}</КоммерческаяИнформация>\n`;
}

/** `mode=success`: the orders sent by the last query are exported. @returns how many. */
export async function markExported(db: Db): Promise<number> {
  const done = await db
    .update(orderExchange)
    .set({ exportedAt: sql`now()` })
    .where(and(isNull(orderExchange.exportedAt), sql`${orderExchange.sentAt} is not null`))
    .returning({ id: orderExchange.orderId });
  return done.length;
}

/**
 * `mode=file` of type=sale: applies "Статус заказа" / "Отменен" of each Документ (found by Номер
 * or Ид) to the order, with a history entry "Изменён в 1С". A cancellation of an order not yet
 * shipped goes through server/services/refunds.ts `cancelOrder` (issue #29): stock and certificate
 * part come back and what was paid is refunded with a refund receipt. A refund the provider could
 * not make now is reported in the log and done by the next cancel or the operator API.
 * @returns orders changed. @throws ImportError for malformed XML.
 */
export async function applyStatusFile(db: Db, file: string): Promise<number> {
  let changed = 0;
  await readXml(file, {
    capture: (p) => p.at(-1) === 'Документ',
    onNode: async (doc) => {
      const number = cleanText(childText(doc, 'Номер'));
      const guid = cleanText(childText(doc, 'Ид'));
      let status: OrderStatus | undefined;
      for (const r of childrenOf(childrenOf(doc, 'ЗначенияРеквизитов')[0], 'ЗначениеРеквизита')) {
        const name = normKey(childText(r, 'Наименование'));
        const value = cleanText(childText(r, 'Значение'));
        if (name === 'статус заказа' || name === 'статус') status = statusFrom1c(value) ?? status;
        if ((name === 'отменен' || name === 'отменён') && value === 'true') status = 'cancelled';
      }
      if (!status) return;
      const uuidLike = isGuid(guid);
      const [order] = await db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(number ? eq(orders.number, number) : uuidLike ? eq(orders.guid, guid) : sql`false`);
      if (!order || order.status === status) return;
      const next = status;
      if (next === 'cancelled') {
        // Issue #29: 1C's «Отменён» returns the goods and the money, as the operator's cancel does.
        const done = await cancelOrder(db, number || guid, { reason: 'Отменён в 1С', requestedBy: '1c' }).catch(
          (error: unknown) => {
            if (error instanceof ApiHttpError && error.status === 409) return null; // shipped: status only
            if (error instanceof ApiHttpError && error.status === 502) {
              // Cancelled, goods back; the refund waits for a provider that answers.
              logError('exchange', `refund of cancelled order ${number || guid}`, error);
              return { refunds: [] };
            }
            throw error;
          },
        );
        if (done) {
          changed++;
          return;
        }
      }
      await db.transaction(async (tx) => {
        await tx.update(orders).set({ status: next, updatedAt: new Date() }).where(eq(orders.id, order.id));
        await tx.insert(orderStatusHistory).values({ orderId: order.id, status: next, comment: 'Изменён в 1С' });
      });
      changed++;
    },
  });
  return changed;
}
