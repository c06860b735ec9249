/**
 * The shop's delivery terms (issue #34): the owner's delivery settings (`shop_settings` row 1) and
 * stores (`shop_stores`), read by the checkout quote (delivery.ts), the info pages the API serves
 * (publications.ts fills their placeholders) and `GET /v1/delivery_terms/` (the storefront's
 * product JSON-LD). The defaults are what checkout offered when the settings were introduced.
 */
import { asc, eq } from 'drizzle-orm';
import { DeliverySettings, type DeliveryTermsResponse, type ShopStore } from '@/lib/api/contract/delivery-terms';
import { DEFAULT_DELIVERY_SETTINGS } from '@/lib/delivery-terms';
import { shopSettings, shopStores } from '../../db/schema';
import { readServerEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { logError } from '../log';
import type { Db } from '../../db/client';

export { DEFAULT_DELIVERY_SETTINGS };

/**
 * The saved delivery settings, or {@link DEFAULT_DELIVERY_SETTINGS} when none are saved. A row that
 * no longer passes the contract (edited by hand) is logged and the defaults are used, so checkout
 * keeps working.
 */
export async function readDeliverySettings(db: Pick<Db, 'select'>): Promise<DeliverySettings> {
  const [row] = await db.select({ delivery: shopSettings.delivery }).from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) return DEFAULT_DELIVERY_SETTINGS;
  const parsed = DeliverySettings.safeParse(row.delivery);
  if (parsed.success) return parsed.data;
  logError('delivery', 'shop_settings.delivery is invalid, defaults used', parsed.error);
  return DEFAULT_DELIVERY_SETTINGS;
}

/**
 * Saves the delivery settings (the owner's edit; tests).
 * @throws ApiHttpError 400 with the first contract message when `input` is not valid settings.
 */
export async function saveDeliverySettings(db: Pick<Db, 'insert'>, input: unknown): Promise<DeliverySettings> {
  const parsed = DeliverySettings.safeParse(input);
  if (!parsed.success) throw new ApiHttpError(400, parsed.error.issues[0]?.message ?? 'Неверные настройки доставки');
  await db
    .insert(shopSettings)
    .values({ id: 1, delivery: parsed.data })
    .onConflictDoUpdate({ target: shopSettings.id, set: { delivery: parsed.data, updatedAt: new Date() } });
  return parsed.data;
}

/** The shop's stores in page order. */
export async function readStores(db: Pick<Db, 'select'>): Promise<ShopStore[]> {
  const rows = await db.select().from(shopStores).orderBy(asc(shopStores.sort), asc(shopStores.id));
  return rows.map((r) => ({
    id: r.id,
    city: r.city,
    name: r.name,
    address: r.address,
    directions: r.directions,
    hours: r.hours,
    phone: r.phone,
    pickup: r.pickup,
    pickup_days_min: r.pickupDaysMin,
    pickup_days_max: r.pickupDaysMax,
  }));
}

/** Who prices courier and CDEK parcels: CDEK's API when its credentials are set, else the table. */
export function deliveryPricing(): 'tariff' | 'cdek' {
  const env = readServerEnv();
  return env.CDEK_CLIENT_ID && env.CDEK_CLIENT_SECRET ? 'cdek' : 'tariff';
}

/** Settings, stores and pricing together (`GET /v1/delivery_terms/`, the info pages). */
export async function deliveryTerms(db: Pick<Db, 'select'>): Promise<Omit<DeliveryTermsResponse, 'status'>> {
  const [settings, stores] = await Promise.all([readDeliverySettings(db), readStores(db)]);
  return { settings, stores, pricing: deliveryPricing() };
}
