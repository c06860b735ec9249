/**
 * An order as its 54-ФЗ receipts see it (issue #29): the lines' names, variants, prices, VAT rates
 * and marking flags recorded at checkout, the promo discount, delivery and the buyer's contact
 * (server/services/payments/receipt.ts builds the receipts from this).
 */
import { asc, eq } from 'drizzle-orm';
import { orderItems, orders } from '../db/schema';
import { serverEnv } from '../env';
import type { ReceiptSource, VatRate } from './payments/receipt';
import type { Db } from '../db/client';

/** The shop's default VAT rate (SHOP_VAT_RATE) for goods without their own, and for delivery. */
export function shopVatRate(): VatRate {
  return serverEnv.SHOP_VAT_RATE;
}

/** The receipt source of an order. */
export async function orderReceiptSource(
  db: Pick<Db, 'select'>,
  order: typeof orders.$inferSelect,
): Promise<ReceiptSource> {
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return {
    lines: lines.map((l) => ({
      orderItemId: l.id,
      name: [l.brandName, l.productName].filter(Boolean).join(' '),
      variant: [l.colorName, l.sizeName ? `размер ${l.sizeName}` : ''].filter(Boolean).join(', '),
      price: l.price,
      quantity: l.quantity,
      vat: l.vatRate as VatRate,
      markingRequired: l.markingRequired,
      certificate: l.giftCardNominalId !== null,
    })),
    discount: order.discount,
    deliveryCost: order.deliveryCost,
    deliveryVat: shopVatRate(),
    email: order.contactEmail,
    phone: order.contactPhone,
    taxSystem: serverEnv.SHOP_TAX_SYSTEM,
  };
}
