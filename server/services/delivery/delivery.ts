/**
 * Delivery providers behind one interface (issue #5; spec §7 /v1/cdek_calc/, /v1/check_delivery/;
 * DESIGN.md "Things the shop needs from outside": tariff table by region by default, CDEK API v2
 * when CDEK_CLIENT_ID/CDEK_CLIENT_SECRET are set).
 *
 * A quote is always computed on the server: the order takes its delivery cost from here, never
 * from the client.
 */
import { eq } from 'drizzle-orm';
import type { DeliveryMethod, DeliveryOption, PickupPoint } from '@/lib/api/contract/checkout';
import { cities, regions } from '../../db/schema';
import { readServerEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { logError } from '../log';
import { CdekClient } from './cdek';
import { demoPickupPoints } from './demo-pickup-points';
import type { Db } from '../../db/client';

/** Where a parcel goes. */
export interface Destination {
  cityId: number;
  city: string;
  region: string;
  /** Two-digit region code ("77" Москва). */
  regionCode: string;
}

/** A provider of courier and pickup-point quotes. */
export interface DeliveryProvider {
  readonly name: 'tariff' | 'cdek';
  /** Courier and pickup-point options for a parcel of `weightGrams` to `to`. */
  quote(to: Destination, weightGrams: number): Promise<DeliveryOption[]>;
  /** Pickup points of the destination city (issue #14 item 13). */
  pickupPoints(to: Destination): Promise<PickupPoint[]>;
}

/** Shop pickup: the shop's address; only in the shop's city (Москва). */
export const SHOP_PICKUP = { city: 'Москва', address: 'г. Москва, ул. Петровка, д. 10, магазин Lumière' } as const;

/** Tariff zones by region code: 1 Москва and область, 2 Санкт-Петербург and область, 4 Far East and the North, 3 the rest. */
const ZONE_BY_REGION: Record<string, 1 | 2 | 4> = {
  '77': 1,
  '50': 1,
  '78': 2,
  '47': 2,
  '14': 4,
  '25': 4,
  '27': 4,
  '28': 4,
  '41': 4,
  '49': 4,
  '65': 4,
  '79': 4,
  '87': 4,
  '89': 4,
  '83': 4,
};

/** Base price (rubles, up to 1 kg), price per extra started kg, days — per zone and method. */
export const TARIFFS = {
  courier: { 1: [390, 40, 1, 2], 2: [490, 50, 2, 3], 3: [590, 70, 3, 7], 4: [990, 120, 7, 14] },
  cdek: { 1: [250, 30, 1, 2], 2: [320, 40, 2, 4], 3: [390, 50, 3, 8], 4: [690, 90, 7, 15] },
} as const satisfies Record<'courier' | 'cdek', Record<1 | 2 | 3 | 4, readonly [number, number, number, number]>>;

/** Tariff zone of a region code. */
export function zoneOf(regionCode: string): 1 | 2 | 3 | 4 {
  return ZONE_BY_REGION[regionCode] ?? 3;
}

/** Cost in rubles by the table: base up to 1 kg plus the per-kg price for every started extra kg. */
export function tariffCost(
  method: 'courier' | 'cdek',
  regionCode: string,
  weightGrams: number,
): { cost: number; days: [number, number] } {
  const [base, perKg, dMin, dMax] = TARIFFS[method][zoneOf(regionCode)];
  const extraKg = Math.max(0, Math.ceil(weightGrams / 1000) - 1);
  return { cost: base + extraKg * perKg, days: [dMin, dMax] };
}

/** The built-in tariff table (default provider). */
export const tariffProvider: DeliveryProvider = {
  name: 'tariff',
  async quote(to, weightGrams) {
    const courier = tariffCost('courier', to.regionCode, weightGrams);
    const cdek = tariffCost('cdek', to.regionCode, weightGrams);
    return [
      {
        method: 'courier',
        name: 'Курьером до двери',
        cost: courier.cost,
        days_min: courier.days[0],
        days_max: courier.days[1],
        note: `Доставка по адресу, ${to.city}`,
        source: 'tariff',
      },
      {
        method: 'cdek',
        name: 'В пункт выдачи СДЭК',
        cost: cdek.cost,
        days_min: cdek.days[0],
        days_max: cdek.days[1],
        note: 'Выберите пункт выдачи в вашем городе',
        source: 'tariff',
      },
    ];
  },
  async pickupPoints(to) {
    return demoPickupPoints(to);
  },
};

/** The provider the environment asks for: CDEK when its credentials are set, else the table. */
export function deliveryProvider(): DeliveryProvider {
  const env = readServerEnv();
  if (env.CDEK_CLIENT_ID && env.CDEK_CLIENT_SECRET) {
    return new CdekClient({
      clientId: env.CDEK_CLIENT_ID,
      clientSecret: env.CDEK_CLIENT_SECRET,
      baseUrl: env.CDEK_API_URL,
      fromCityCode: env.CDEK_FROM_CITY_CODE,
    });
  }
  return tariffProvider;
}

/**
 * The city with its region.
 * @throws ApiHttpError 404 "Город не найден".
 */
export async function destinationOf(db: Pick<Db, 'select'>, cityId: number): Promise<Destination> {
  const [row] = await db
    .select({ cityId: cities.id, city: cities.name, region: regions.name, regionCode: regions.code })
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(cities.id, cityId))
    .limit(1);
  if (!row) throw new ApiHttpError(404, 'Город не найден');
  return row;
}

/**
 * Every delivery option for a city: the provider's courier and pickup-point quotes, plus free shop
 * pickup in the shop's city.
 * @throws ApiHttpError 502 "Не удалось рассчитать доставку" when the provider fails.
 */
export async function deliveryOptions(
  to: Destination,
  weightGrams: number,
  provider = deliveryProvider(),
): Promise<DeliveryOption[]> {
  let quotes: DeliveryOption[];
  try {
    quotes = await provider.quote(to, weightGrams);
  } catch (error) {
    logError('delivery', `quote by ${provider.name}`, error);
    throw new ApiHttpError(502, 'Не удалось рассчитать доставку. Попробуйте позже');
  }
  if (to.city === SHOP_PICKUP.city) {
    quotes.push({
      method: 'pickup',
      name: 'Самовывоз из магазина',
      cost: 0,
      days_min: 1,
      days_max: 2,
      note: SHOP_PICKUP.address,
      source: 'shop',
    });
  }
  return quotes;
}

/**
 * The option of one method, for the order.
 * @throws ApiHttpError 400 "Этот способ доставки недоступен в выбранном городе".
 */
export async function deliveryQuote(
  to: Destination,
  weightGrams: number,
  method: DeliveryMethod,
  provider = deliveryProvider(),
): Promise<DeliveryOption> {
  const option = (await deliveryOptions(to, weightGrams, provider)).find((o) => o.method === method);
  if (!option) throw new ApiHttpError(400, 'Этот способ доставки недоступен в выбранном городе');
  return option;
}
