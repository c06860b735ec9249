/**
 * Order history contract (spec §7 GET /v1/history_order_preview/, POST /v1/history_order_detail/
 * with `pk`; spec §3 "orders with history": fields not shown, so the shapes are ours).
 * Amounts are rubles with kopecks (spec §9).
 */
import { z } from 'zod';
import { Rubles, intId } from './common';

export const ORDER_STATUS_NAMES = {
  new: 'Новый',
  confirmed: 'Подтверждён',
  paid: 'Оплачен',
  assembling: 'Собирается',
  shipped: 'Передан в доставку',
  delivered: 'Доставлен',
  cancelled: 'Отменён',
  returned: 'Возвращён',
} as const;

export const PAYMENT_STATUS_NAMES = {
  pending: 'Ожидает оплаты',
  paid: 'Оплачен',
  failed: 'Оплата не прошла',
  refunded: 'Деньги возвращены',
  /** Issue #13: paid after the reservation expired and the goods sold out; the shop returns the money. */
  refund_required: 'Требуется возврат',
} as const;

export const OrderStatusCode = z.enum(Object.keys(ORDER_STATUS_NAMES) as [keyof typeof ORDER_STATUS_NAMES]);

/** A row of the order history list. */
export const OrderPreview = z
  .object({
    pk: z.number().int(),
    number: z.string(),
    created_at: z.string(),
    status: OrderStatusCode,
    status_name: z.string(),
    total: Rubles,
    items_count: z.number().int(),
    /** Up to 4 image URLs of the lines. */
    images: z.array(z.string()),
  })
  .meta({ id: 'OrderPreview' });
export type OrderPreview = z.infer<typeof OrderPreview>;

export const OrderPreviewResponse = z
  .object({ status: z.literal('success'), results: z.array(OrderPreview) })
  .meta({ id: 'OrderPreviewResponse' });
export type OrderPreviewResponse = z.infer<typeof OrderPreviewResponse>;

export const OrderLine = z
  .object({
    id: z.number().int(),
    product_id: z.number().int().nullable(),
    name: z.string(),
    brand: z.string(),
    color: z.string(),
    size: z.string(),
    image: z.string(),
    full_path_offer: z.string(),
    price: Rubles,
    quantity: z.number().int(),
    total: Rubles,
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderDetail = z
  .object({
    pk: z.number().int(),
    number: z.string(),
    created_at: z.string(),
    status: OrderStatusCode,
    status_name: z.string(),
    history: z.array(
      z.object({ status: OrderStatusCode, status_name: z.string(), comment: z.string(), created_at: z.string() }),
    ),
    contact: z.object({ fio: z.string(), email: z.string(), phone: z.string() }),
    delivery: z.object({ method: z.string(), method_name: z.string(), address: z.string(), cost: Rubles }),
    payment: z.object({ method: z.string(), method_name: z.string(), status: z.string(), status_name: z.string() }),
    promo_code: z.string().nullable(),
    discount: Rubles,
    items_total: Rubles,
    total: Rubles,
    items: z.array(OrderLine),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderDetailResponse = z
  .object({ status: z.literal('success'), order: OrderDetail })
  .meta({ id: 'OrderDetailResponse' });
export type OrderDetailResponse = z.infer<typeof OrderDetailResponse>;

/** POST /v1/history_order_detail/ body (spec §7: param pk). */
export const OrderDetailBody = z
  .object({ pk: z.coerce.number({ error: 'Не указан заказ' }).pipe(intId('Не указан заказ')) })
  .meta({ id: 'OrderDetailBody' });

export const DELIVERY_METHOD_NAMES: Record<string, string> = {
  courier: 'Курьер',
  pickup: 'Самовывоз из магазина',
  cdek: 'СДЭК, пункт выдачи',
  post: 'Почта России',
  // Issue #33: an order in one click; the operator agrees delivery by phone.
  one_click: 'Уточнит оператор по телефону',
};

export const PAYMENT_METHOD_NAMES: Record<string, string> = {
  card: 'Банковской картой онлайн',
  sbp: 'Через СБП',
  cash: 'При получении',
  giftcard: 'Подарочным сертификатом',
  // Issue #33: an order in one click; the operator agrees payment by phone.
  one_click: 'Уточнит оператор по телефону',
};
