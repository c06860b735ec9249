/**
 * The operator console's core resources (issue #32, the console API contract): orders with their
 * actions, customers, subscribers and the consent log. Records are camelCase with an `id`
 * (react-admin `ra-data-simple-rest`); money in rubles; times ISO 8601. Every message is Russian.
 */
import { z } from 'zod';
import { safeString } from '../common';
import { ORDER_STATUS_NAMES, PAYMENT_STATUS_NAMES } from '../orders';

const orderStatus = z.enum(Object.keys(ORDER_STATUS_NAMES) as [keyof typeof ORDER_STATUS_NAMES], {
  error: 'Неизвестный статус заказа',
});
const paymentStatus = z.enum(Object.keys(PAYMENT_STATUS_NAMES) as [keyof typeof PAYMENT_STATUS_NAMES], {
  error: 'Неизвестный статус оплаты',
});
const day = (label: string) => z.iso.date({ error: `${label}: дата ГГГГ-ММ-ДД` });
const int4 = z.coerce.number().int().positive().max(2_147_483_647);

/** Filter of the `orders` list (and the CSV export). `q`: number, e-mail or phone. */
export const OrderFilter = z.object({
  q: safeString().trim().max(100, 'Поиск: не более 100 символов').optional(),
  status: z.union([orderStatus, z.array(orderStatus).max(20)]).optional(),
  paymentStatus: z.union([paymentStatus, z.array(paymentStatus).max(10)]).optional(),
  dateFrom: day('С даты').optional(),
  dateTo: day('По дату').optional(),
  userId: int4.optional(),
  id: z.union([int4, z.array(int4).max(500)]).optional(),
});
export type OrderFilter = z.infer<typeof OrderFilter>;

/** A line of an order, with how many of it were refunded. */
export const AdminOrderItem = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  color: z.string(),
  size: z.string(),
  image: z.string(),
  url: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  refundedQuantity: z.number().int(),
});

/**
 * Where and how an order goes: the method's code (`DELIVERY_METHOD_NAMES` of the shop's contract:
 * courier, cdek, pickup, one_click, email for a certificate-only order), the address line, the
 * city, the СДЭК point or the store, the promised days and the cost in rubles. Empty strings and
 * nulls where the method has none.
 */
export const AdminOrderDelivery = z.object({
  method: z.string(),
  address: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string(),
  pickupPoint: z.string(),
  storeId: z.number().int().nullable(),
  daysMin: z.number().int().nullable(),
  daysMax: z.number().int().nullable(),
  cost: z.number(),
});
export type AdminOrderDelivery = z.infer<typeof AdminOrderDelivery>;

/** An order as the console lists it. */
export const AdminOrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  createdAt: z.string(),
  status: orderStatus,
  paymentStatus,
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  total: z.number(),
  userId: z.number().int().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

/** One order: the summary plus items, delivery, payments, refunds and history. */
export const AdminOrder = AdminOrderSummary.extend({
  guid: z.string(),
  comment: z.string(),
  itemsTotal: z.number(),
  discount: z.number(),
  promoCode: z.string().nullable(),
  giftCardAmount: z.number(),
  deliveryCost: z.number(),
  paymentMethod: z.string(),
  paidAt: z.string().nullable(),
  refundedTotal: z.number(),
  items: z.array(AdminOrderItem),
  delivery: AdminOrderDelivery,
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      method: z.string(),
      status: z.string(),
      amount: z.number(),
      refundedAmount: z.number(),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number(),
      status: z.string(),
      reason: z.string(),
      requestedBy: z.string(),
      message: z.string(),
      /** The refunded pieces, named as a refund request names them (itemId 0: the delivery). */
      lines: z.array(z.object({ itemId: z.number().int(), quantity: z.number().int() })),
      receipt: z.unknown(),
      createdAt: z.string(),
    }),
  ),
  history: z.array(z.object({ at: z.string(), status: z.string(), comment: z.string() })),
}).meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;

/** `POST /orders/{id}/status {status, notify}`: notify mails the shopper. */
export const OrderStatusBody = z.object({
  status: orderStatus,
  notify: z.boolean({ error: 'Поле «Уведомить покупателя» — да или нет' }).default(false),
  comment: safeString().trim().max(500, 'Комментарий: не более 500 символов').optional(),
});

/**
 * `POST /orders/{id}/refund`: `{full: true}` or `{lines: [{itemId, quantity}]}` (itemId 0 is the
 * delivery); `key` makes a retried request refund once (default: derived from the lines and the
 * refunds made so far).
 */
export const OrderRefundBody = z.union(
  [
    z.object({ full: z.literal(true), key: safeString().max(64).optional(), reason: safeString().max(200).optional() }),
    z.object({
      lines: z
        .array(
          z.object({
            itemId: z.coerce.number().int().min(0).max(2_147_483_647),
            quantity: z.coerce.number().int('Количество — целое число').min(1, 'Количество — от 1').max(10_000),
          }),
        )
        .min(1, 'Выберите строки для возврата')
        .max(200),
      key: safeString().max(64).optional(),
      reason: safeString().max(200).optional(),
    }),
  ],
  { error: 'Укажите {full: true} или строки возврата {lines: [{itemId, quantity}]}' },
);

/** A customer (a shopper's account). */
export const AdminCustomer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    subscribed: z.boolean(),
    bonusBalance: z.number(),
    createdAt: z.string(),
    anonymisedAt: z.string().nullable(),
    ordersCount: z.number().int(),
    orders: z.array(AdminOrderSummary).optional(),
  })
  .meta({ id: 'AdminCustomer' });
export type AdminCustomer = z.infer<typeof AdminCustomer>;

/** A newsletter subscriber. */
export const AdminSubscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  active: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});

/** A consent of the consent log (read-only, 152-ФЗ art. 9, 38-ФЗ art. 18). */
export const AdminConsent = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  form: z.string(),
  subject: z.string(),
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  documentVersion: z.string(),
  ip: z.string(),
  withdrawnAt: z.string().nullable(),
  withdrawnVia: z.string().nullable(),
});
