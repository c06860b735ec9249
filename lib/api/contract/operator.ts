/**
 * The operator API (issue #29 item 4, until the operator console of issue #32): cancel an order
 * with a full refund, refund some of its lines (a return), list its refunds with their 54-ФЗ
 * receipts. `Authorization: Bearer <OPERATOR_TOKEN>`; rubles on the wire.
 */
import { z } from 'zod';
import { SandboxReceipt } from './checkout';
import { Rubles } from './common';

/** A refund with its receipt («возврат прихода»). */
export const OperatorRefund = z
  .object({
    id: z.number().int(),
    key: z.string(),
    amount: Rubles,
    status: z.enum(['pending', 'succeeded', 'failed']),
    reason: z.string(),
    provider: z.string(),
    provider_refund_id: z.string(),
    message: z.string(),
    receipt: SandboxReceipt.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OperatorRefund' });

export const OperatorCancelBody = z
  .object({ reason: z.string().trim().min(1, 'Укажите причину отмены').max(300).default('Заказ отменён магазином') })
  .strict()
  .meta({ id: 'OperatorCancelBody' });

export const OperatorCancelResponse = z
  .object({
    status: z.literal('success'),
    order: z.string(),
    /** False when it was cancelled before (refunds that failed were tried again). */
    cancelled: z.boolean(),
    refunds: z.array(OperatorRefund),
  })
  .meta({ id: 'OperatorCancelResponse' });

export const OperatorRefundBody = z
  .object({
    /** Lines and pieces to refund; order_item_id 0 is delivery. */
    lines: z
      .array(
        z.object({
          order_item_id: z.number().int().min(0, 'Неверная строка заказа'),
          quantity: z.number().int().min(1, 'Количество — не меньше 1').max(1000),
        }),
      )
      .min(1, 'Укажите строки возврата')
      .max(100),
    reason: z.string().trim().min(1, 'Укажите причину возврата').max(300),
    /** The operator's key of this return: the same key never refunds twice. */
    key: z.string().regex(/^[A-Za-z0-9_-]{4,100}$/, 'Ключ возврата: 4–100 латинских букв, цифр, «-», «_»'),
  })
  .strict()
  .meta({ id: 'OperatorRefundBody' });

export const OperatorRefundResponse = z
  .object({ status: z.literal('success'), refund: OperatorRefund })
  .meta({ id: 'OperatorRefundResponse' });

export const OperatorRefundsResponse = z
  .object({ status: z.literal('success'), order: z.string(), refunds: z.array(OperatorRefund) })
  .meta({ id: 'OperatorRefundsResponse' });
