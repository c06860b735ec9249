/** The body of a ЮKassa notification and the answer (issue #29; server/routes/payments). */
import { z } from 'zod';

/** A ЮKassa payment object as a notification carries it (only the id is used). */
const NotifiedPayment = z.looseObject({ id: z.string().min(1).max(64), status: z.string() });

/**
 * The ЮKassa notification body (yookassa.ru/developers/using-api/webhooks): `type` "notification",
 * `event` one of the three the shop subscribes to, `object` the payment or the refund.
 */
export const YooKassaNotification = z
  .discriminatedUnion('event', [
    z.object({ type: z.literal('notification'), event: z.literal('payment.succeeded'), object: NotifiedPayment }),
    z.object({ type: z.literal('notification'), event: z.literal('payment.canceled'), object: NotifiedPayment }),
    z.object({
      type: z.literal('notification'),
      event: z.literal('refund.succeeded'),
      object: z.looseObject({ id: z.string().min(1).max(64), payment_id: z.string().min(1).max(64) }),
    }),
  ])
  .meta({ id: 'YooKassaNotification' });
export type YooKassaNotification = z.infer<typeof YooKassaNotification>;

/** The answer to a notification ЮKassa accepts (any 200). */
export const NotificationAccepted = z.object({ status: z.literal('success') }).meta({ id: 'NotificationAccepted' });
