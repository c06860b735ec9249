/**
 * Pure functions of the shop's delivery terms (issue #34; lib/api/contract/delivery-terms.ts):
 * tariff zones, the cost of a parcel by the table, the free-delivery rule, and every text and
 * markup that states them — the markdown blocks of the info pages and the product JSON-LD
 * `shippingDetails`. The shop API (the checkout quote, the info pages it serves) and the storefront
 * (the product page's JSON-LD) call the same functions on the same records, so a promise and the
 * price charged cannot drift apart.
 */
import { CURRENCY_CODE } from './constants';
import { pluralize } from './format/plural';
import { formatPrice } from './format/price';
import type {
  DeliverySettings,
  DeliveryTermsResponse,
  DeliveryZone,
  OfferedPaymentMethod,
  PricedDeliveryMethod,
  ShopStore,
} from './api/contract/delivery-terms';

/**
 * The settings of a shop that has not saved its own: courier, CDEK pickup points and store pickup;
 * card, СБП and gift certificates; courier free from 15 000 ₽ of goods. Courier prices of zones 1
 * and 2 are the ones the "Оплата и доставка" page promised (400 ₽ and 450 ₽), the rest the former
 * built-in table.
 */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  free_from: 15000,
  free_methods: ['courier'],
  methods: ['courier', 'cdek', 'pickup'],
  payment_methods: ['card', 'sbp', 'giftcard'],
  tariffs: {
    courier: {
      1: { base: 400, per_kg: 40, days_min: 1, days_max: 2 },
      2: { base: 450, per_kg: 50, days_min: 1, days_max: 2 },
      3: { base: 590, per_kg: 70, days_min: 3, days_max: 7 },
      4: { base: 990, per_kg: 120, days_min: 7, days_max: 14 },
    },
    cdek: {
      1: { base: 250, per_kg: 30, days_min: 1, days_max: 2 },
      2: { base: 320, per_kg: 40, days_min: 2, days_max: 4 },
      3: { base: 390, per_kg: 50, days_min: 3, days_max: 8 },
      4: { base: 690, per_kg: 90, days_min: 7, days_max: 15 },
    },
  },
};

/** Regions of zones 1, 2 and 4 as [two-digit region code, ISO 3166-2:RU subdivision]; zone 3 is every other region. */
export const ZONE_REGIONS: Record<Exclude<DeliveryZone, 3>, ReadonlyArray<readonly [string, string]>> = {
  1: [
    ['77', 'MOW'],
    ['50', 'MOS'],
  ],
  2: [
    ['78', 'SPE'],
    ['47', 'LEN'],
  ],
  4: [
    ['14', 'SA'],
    ['25', 'PRI'],
    ['27', 'KHA'],
    ['28', 'AMU'],
    ['41', 'KAM'],
    ['49', 'MAG'],
    ['65', 'SAK'],
    ['79', 'YEV'],
    ['87', 'CHU'],
    ['89', 'YAN'],
    ['83', 'NEN'],
  ],
};

/** Zone names as the info page writes them. */
export const ZONE_NAMES: Record<DeliveryZone, string> = {
  1: 'Москва и Московская область',
  2: 'Санкт-Петербург и Ленинградская область',
  3: 'Другие регионы России',
  4: 'Дальний Восток и Крайний Север',
};

/** Names of the methods in checkout and on the info page. */
export const DELIVERY_METHOD_NAMES = {
  courier: 'Курьером до двери',
  cdek: 'В пункт выдачи СДЭК',
  pickup: 'Самовывоз из магазина',
} as const;

const ZONE_BY_REGION = new Map<string, DeliveryZone>(
  ([1, 2, 4] as const).flatMap((zone) => ZONE_REGIONS[zone].map(([code]) => [code, zone] as const)),
);

/** Tariff zone of a two-digit region code ("77" → 1). */
export function zoneOf(regionCode: string): DeliveryZone {
  return ZONE_BY_REGION.get(regionCode) ?? 3;
}

/**
 * Cost by the table: the zone's base up to 1 kg plus its per-kg price for every started extra kg.
 * @returns rubles and the days in transit.
 */
export function tariffCost(
  settings: DeliverySettings,
  method: PricedDeliveryMethod,
  regionCode: string,
  weightGrams: number,
): { cost: number; days: [number, number] } {
  const t = settings.tariffs[method][zoneOf(regionCode)];
  const extraKg = Math.max(0, Math.ceil(weightGrams / 1000) - 1);
  return { cost: t.base + extraKg * t.per_kg, days: [t.days_min, t.days_max] };
}

/**
 * Whether `method` is free for goods worth `goods` rubles (the basket before a promo discount):
 * the owner's threshold is set, the method is one it covers, and the goods reach it.
 */
export function isFreeDelivery(settings: DeliverySettings, method: string, goods: number): boolean {
  return (
    settings.free_from !== null &&
    goods >= settings.free_from &&
    (settings.free_methods as readonly string[]).includes(method)
  );
}

/** "1–2 дня", "5 дней", "на следующий день". */
export function daysText(min: number, max: number): string {
  if (max <= 1) return min === 0 && max === 0 ? 'в тот же день' : 'на следующий день';
  return `${min === max ? max : `${min}–${max}`} ${pluralize(max, ['день', 'дня', 'дней'])}`;
}

/** A store as one line: "Москва, шоурум: Пресненская наб., д. 10, стр. 2". */
export function storeLine(store: Pick<ShopStore, 'city' | 'name' | 'address'>): string {
  return `${store.city}, ${store.name}: ${store.address}`;
}

/** The stores that take pickup orders. */
export function pickupStores(stores: readonly ShopStore[]): ShopStore[] {
  return stores.filter((s) => s.pickup);
}

function freeSuffix(settings: DeliverySettings, method: PricedDeliveryMethod): string {
  return settings.free_from !== null && settings.free_methods.includes(method)
    ? `, от ${formatPrice(settings.free_from)} бесплатно`
    : '';
}

/**
 * The info page's delivery table (placeholder `{{delivery_table}}`): one row per offered method and
 * zone (or one row per method when CDEK's API prices it), and one per pickup store.
 */
export function deliveryTableMarkdown(terms: Pick<DeliveryTermsResponse, 'settings' | 'stores' | 'pricing'>): string {
  const { settings } = terms;
  const rows: string[] = [];
  for (const method of ['courier', 'cdek'] as const) {
    if (!settings.methods.includes(method)) continue;
    const name = DELIVERY_METHOD_NAMES[method];
    if (terms.pricing === 'cdek') {
      rows.push(
        `| ${name} | по всей России | рассчитывается при оформлении | по тарифу СДЭК${freeSuffix(settings, method)} |`,
      );
      continue;
    }
    for (const zone of [1, 2, 3, 4] as const) {
      const t = settings.tariffs[method][zone];
      const perKg = t.per_kg > 0 ? ` (+${formatPrice(t.per_kg)} за каждый следующий кг)` : '';
      rows.push(
        `| ${name} | ${ZONE_NAMES[zone]} | ${daysText(t.days_min, t.days_max)} | ${formatPrice(t.base)}${perKg}${freeSuffix(settings, method)} |`,
      );
    }
  }
  if (settings.methods.includes('pickup')) {
    for (const s of pickupStores(terms.stores)) {
      rows.push(
        `| ${DELIVERY_METHOD_NAMES.pickup} | ${storeLine(s)} | ${daysText(s.pickup_days_min, s.pickup_days_max)} | бесплатно |`,
      );
    }
  }
  return ['| Способ | Куда | Срок | Стоимость |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The free-delivery sentence (placeholder `{{free_delivery}}`), empty without a threshold. */
export function freeDeliveryMarkdown(settings: DeliverySettings): string {
  const methods = settings.free_methods.filter((m) => settings.methods.includes(m));
  if (settings.free_from === null || methods.length === 0) return '';
  const names = methods.map((m) => (m === 'courier' ? 'курьером' : 'в пункт выдачи СДЭК')).join(' и ');
  return `**Бесплатная доставка** ${names} — когда товаров в корзине на ${formatPrice(settings.free_from)} и больше (без учёта скидки по промокоду).`;
}

const PAYMENT_TEXTS: Record<OfferedPaymentMethod, string> = {
  card: '**Банковской картой на сайте** — Visa, Mastercard, «Мир», на защищённой странице банка. Данные карты мы не видим и не храним.',
  sbp: '**Через СБП** — в приложении вашего банка, по QR-коду или ссылке на странице оплаты.',
  giftcard:
    '**Подарочным сертификатом** — полностью или частично, остаток доплачивается картой. О сертификатах — на странице [«Подарочная карта»](/card).',
};

/** The payment methods as a list (placeholder `{{payment_methods}}`). */
export function paymentMethodsMarkdown(settings: DeliverySettings): string {
  return settings.payment_methods.map((m) => `- ${PAYMENT_TEXTS[m]}`).join('\n');
}

function telLink(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits ? `[${phone}](tel:+${digits.startsWith('8') ? `7${digits.slice(1)}` : digits})` : '';
}

/** Every store with address, directions, hours, phone and pickup (placeholder `{{stores}}`, /address). */
export function storesMarkdown(stores: readonly ShopStore[], settings: DeliverySettings): string {
  return stores
    .map((s) => {
      const lines = [`## ${s.city}, ${s.name}`, '', [s.address, s.directions].filter(Boolean).join('  \n')];
      lines.push('', [s.hours, s.phone ? `Телефон: ${telLink(s.phone)}.` : ''].filter(Boolean).join('. '));
      if (s.pickup && settings.methods.includes('pickup'))
        lines.push(
          '',
          `Самовывоз бесплатно: выберите этот магазин при оформлении заказа, заказ будет готов ${daysText(s.pickup_days_min, s.pickup_days_max).replace(/^(\d)/, 'через $1')}.`,
        );
      return lines.join('\n');
    })
    .join('\n\n');
}

/** The stores as a short list (placeholder `{{stores_list}}`, /contacts). */
export function storesListMarkdown(stores: readonly ShopStore[]): string {
  return stores.map((s) => `- ${storeLine(s)}. ${s.hours}.`).join('\n');
}

/** Fills the placeholders of an info page body from the terms; unknown placeholders are left as they are. */
export function fillTermsPlaceholders(
  body: string,
  terms: Pick<DeliveryTermsResponse, 'settings' | 'stores' | 'pricing'>,
): string {
  const blocks: Record<string, () => string> = {
    delivery_table: () => deliveryTableMarkdown(terms),
    free_delivery: () => freeDeliveryMarkdown(terms.settings),
    payment_methods: () => paymentMethodsMarkdown(terms.settings),
    stores: () => storesMarkdown(terms.stores, terms.settings),
    stores_list: () => storesListMarkdown(terms.stores),
  };
  return body.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => blocks[name]?.() ?? whole);
}

/** A JSON-LD object. */
type JsonLd = Record<string, unknown>;

const dayRange = (min: number, max: number) => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

/**
 * The `OfferShippingDetails` of an offer costing `price` rubles (Google: shippingRate,
 * shippingDestination, deliveryTime): per zone, the cheapest offered method by the table, 0 when
 * the offer alone reaches the free-delivery threshold. With CDEK's API pricing, only the free case
 * can be stated (the price is CDEK's, per parcel), so nothing is said below the threshold.
 */
export function shippingDetailsJsonLd(
  terms: Pick<DeliveryTermsResponse, 'settings' | 'pricing'>,
  price: number,
): JsonLd[] {
  const { settings } = terms;
  const methods = (['courier', 'cdek'] as const).filter((m) => settings.methods.includes(m));
  const out: JsonLd[] = [];
  for (const zone of [1, 2, 3, 4] as const) {
    const quotes = methods.map((m) => ({
      tariff: settings.tariffs[m][zone],
      cost: isFreeDelivery(settings, m, price) ? 0 : terms.pricing === 'cdek' ? null : settings.tariffs[m][zone].base,
    }));
    const priced = quotes.filter(
      (q): q is { tariff: (typeof quotes)[number]['tariff']; cost: number } => q.cost !== null,
    );
    if (priced.length === 0) continue;
    const best = priced.reduce((a, b) => (b.cost < a.cost ? b : a));
    const regions = zone === 3 ? [] : ZONE_REGIONS[zone].map(([, iso]) => iso);
    out.push({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: best.cost, currency: CURRENCY_CODE },
      // Google: one DefinedRegion may list several ISO 3166-2 subdivisions.
      shippingDestination: {
        '@type': 'DefinedRegion',
        addressCountry: 'RU',
        ...(regions.length ? { addressRegion: regions } : {}),
      },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: dayRange(0, 1),
        transitTime: dayRange(best.tariff.days_min, best.tariff.days_max),
      },
    });
  }
  return out;
}
