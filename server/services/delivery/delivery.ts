/**
 * Delivery providers behind one interface (issue #5; spec §7 /v1/cdek_calc/, /v1/check_delivery/;
 * DESIGN.md "Things the shop needs from outside": tariff table by region by default, CDEK API v2
 * when CDEK_CLIENT_ID/CDEK_CLIENT_SECRET are set).
 *
 * A quote is always computed on the server: the order takes its delivery cost from here, never
 * from the client. Issue #34: prices, the free-delivery threshold, the offered methods and the
 * pickup stores come from the owner's delivery terms (terms.ts), which the info pages and the
 * product JSON-LD state too.
 */
import { eq } from 'drizzle-orm';
import type { DeliveryMethod, DeliveryOption, PickupPoint } from '@/lib/api/contract/checkout';
import type { DeliverySettings, PickupStore, ShopStore } from '@/lib/api/contract/delivery-terms';
import {
  DELIVERY_METHOD_NAMES,
  isFreeDelivery,
  pickupStores,
  tariffCost as tableCost,
  zoneOf,
} from '@/lib/delivery-terms';
import { cities, regions } from '../../db/schema';
import { readServerEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { logError } from '../log';
import { CdekClient } from './cdek';
import { demoPickupPoints } from './demo-pickup-points';
import { DEFAULT_DELIVERY_SETTINGS, readDeliverySettings, readStores } from './terms';
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
  /** Courier and pickup-point options for a parcel of `weightGrams` to `to`, the table's prices from `settings`. */
  quote(to: Destination, weightGrams: number, settings: DeliverySettings): Promise<DeliveryOption[]>;
  /** Pickup points of the destination city (issue #14 item 13). */
  pickupPoints(to: Destination): Promise<PickupPoint[]>;
}

/** What a quote depends on besides the parcel: the owner's terms and the goods' worth. */
export interface QuoteContext {
  settings: DeliverySettings;
  stores: readonly ShopStore[];
  /** Goods total of the basket in rubles, before a promo discount (the free-delivery threshold compares it). */
  goods: number;
}

export { zoneOf };

/** Cost in rubles by the table of `settings` (default: the shop's defaults). */
export function tariffCost(
  method: 'courier' | 'cdek',
  regionCode: string,
  weightGrams: number,
  settings: DeliverySettings = DEFAULT_DELIVERY_SETTINGS,
): { cost: number; days: [number, number] } {
  return tableCost(settings, method, regionCode, weightGrams);
}

/** The built-in tariff table (default provider): the owner's prices by zone. */
export const tariffProvider: DeliveryProvider = {
  name: 'tariff',
  async quote(to, weightGrams, settings) {
    const courier = tariffCost('courier', to.regionCode, weightGrams, settings);
    const cdek = tariffCost('cdek', to.regionCode, weightGrams, settings);
    return [
      {
        method: 'courier',
        name: DELIVERY_METHOD_NAMES.courier,
        cost: courier.cost,
        days_min: courier.days[0],
        days_max: courier.days[1],
        note: `Доставка по адресу, ${to.city}`,
        source: 'tariff',
      },
      {
        method: 'cdek',
        name: DELIVERY_METHOD_NAMES.cdek,
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

/** The pickup option of a store for checkout. */
function pickupStoreJson(s: ShopStore): PickupStore {
  return { id: s.id, name: `${s.city}, ${s.name}`, address: s.address, hours: s.hours };
}

/** The stores of `city` that take pickup orders. */
export function pickupStoresOf(stores: readonly ShopStore[], city: string): ShopStore[] {
  return pickupStores(stores).filter((s) => s.city === city);
}

/**
 * Every delivery option for a city that the owner offers: the provider's courier and pickup-point
 * quotes (free from the threshold for the methods it covers), and free pickup in each of the
 * city's stores that allow it (one option listing them in `stores`).
 * @throws ApiHttpError 502 "Не удалось рассчитать доставку" when the provider fails.
 */
export async function deliveryOptions(
  to: Destination,
  weightGrams: number,
  context: QuoteContext,
  provider = deliveryProvider(),
): Promise<DeliveryOption[]> {
  const { settings } = context;
  let quotes: DeliveryOption[] = [];
  if (settings.methods.some((m) => m !== 'pickup')) {
    try {
      quotes = await provider.quote(to, weightGrams, settings);
    } catch (error) {
      logError('delivery', `quote by ${provider.name}`, error);
      throw new ApiHttpError(502, 'Не удалось рассчитать доставку. Попробуйте позже');
    }
  }
  quotes = quotes
    .filter((o) => settings.methods.includes(o.method))
    .map((o) => (isFreeDelivery(settings, o.method, context.goods) ? { ...o, cost: 0 } : o));
  const stores = settings.methods.includes('pickup') ? pickupStoresOf(context.stores, to.city) : [];
  if (stores.length > 0) {
    const only = stores.length === 1 ? stores[0]! : null;
    quotes.push({
      method: 'pickup',
      name: DELIVERY_METHOD_NAMES.pickup,
      cost: 0,
      days_min: Math.min(...stores.map((s) => s.pickup_days_min)),
      days_max: Math.max(...stores.map((s) => s.pickup_days_max)),
      note: only ? `${only.name}: ${only.address}. ${only.hours}` : 'Выберите магазин',
      source: 'shop',
      stores: stores.map(pickupStoreJson),
    });
  }
  return quotes;
}

/**
 * The option of one method, for the order; for "pickup" also the chosen store (`storeId`, or the
 * city's only pickup store).
 * @throws ApiHttpError 400 "Этот способ доставки недоступен в выбранном городе", or "Выберите
 *   магазин для самовывоза" when the city has several and none of them was chosen.
 */
export async function deliveryQuote(
  to: Destination,
  weightGrams: number,
  method: DeliveryMethod,
  context: QuoteContext & { storeId?: number | null },
  provider = deliveryProvider(),
): Promise<DeliveryOption & { store: ShopStore | null }> {
  const option = (await deliveryOptions(to, weightGrams, context, provider)).find((o) => o.method === method);
  if (!option) throw new ApiHttpError(400, 'Этот способ доставки недоступен в выбранном городе');
  if (method !== 'pickup') return { ...option, store: null };
  const candidates = pickupStoresOf(context.stores, to.city);
  const store = context.storeId
    ? candidates.find((s) => s.id === context.storeId)
    : candidates.length === 1
      ? candidates[0]
      : undefined;
  if (!store)
    throw new ApiHttpError(400, 'Выберите магазин для самовывоза', { store_id: 'Выберите магазин для самовывоза' });
  return { ...option, days_min: store.pickup_days_min, days_max: store.pickup_days_max, store };
}

/** The owner's terms and the goods' worth for a quote (issue #34). */
export async function quoteContext(db: Pick<Db, 'select'>, goods: number): Promise<QuoteContext> {
  const [settings, stores] = await Promise.all([readDeliverySettings(db), readStores(db)]);
  return { settings, stores, goods };
}

/** How an order records its pickup store: "г. Москва, Пресненская наб., д. 10, стр. 2 (шоурум)". */
export function pickupAddressOf(store: Pick<ShopStore, 'city' | 'name' | 'address'>): string {
  return `г. ${store.city}, ${store.address} (${store.name})`;
}
