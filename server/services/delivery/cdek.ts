/**
 * CDEK API v2 client (issue #5 delivery provider): OAuth client-credentials token, then
 * `POST calculator/tarifflist` from the shop's city to the destination. Tariff 137 (склад–дверь)
 * is the courier option, 136 (склад–склад) the pickup-point option. Pickup points come from
 * `GET location/cities` (the city's CDEK code) and `GET deliverypoints` (issue #14 item 13). Used
 * when CDEK_CLIENT_ID and CDEK_CLIENT_SECRET are set (server/services/delivery/delivery.ts).
 */
import type { DeliveryOption, PickupPoint } from '@/lib/api/contract/checkout';
import type { DeliveryProvider, Destination } from './delivery';

/** Courier tariff "Посылка склад–дверь". */
export const CDEK_COURIER_TARIFF = 137;
/** Pickup-point tariff "Посылка склад–склад". */
export const CDEK_PVZ_TARIFF = 136;

export interface CdekOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. "https://api.cdek.ru/v2/" (production) or "https://api.edu.cdek.ru/v2/" (test). */
  baseUrl: string;
  fromCityCode: number;
  /** Injected in tests. */
  fetch?: typeof fetch;
}

/** Most pickup points of one city passed on (Москва has ~2,000 CDEK offices and lockers). */
export const CDEK_POINTS_MAX = 1000;

type CdekCity = { code: number; city: string; region?: string };
type CdekOffice = {
  code: string;
  name?: string;
  type?: string;
  work_time?: string;
  location?: { address?: string; latitude?: number; longitude?: number };
};

type TariffAnswer = {
  tariff_codes?: Array<{ tariff_code: number; delivery_sum: number; period_min: number; period_max: number }>;
  errors?: Array<{ message: string }>;
};

/** The CDEK provider; caches the access token until shortly before it expires. */
export class CdekClient implements DeliveryProvider {
  readonly name = 'cdek' as const;
  private token: { value: string; until: number } | null = null;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: CdekOptions) {
    this.fetchFn = options.fetch ?? fetch;
  }

  private url(path: string): string {
    return new URL(
      path,
      this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`,
    ).toString();
  }

  /** @throws Error when CDEK refuses the credentials. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    });
    const res = await this.fetchFn(this.url('oauth/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!res.ok || !json.access_token) throw new Error(`CDEK auth failed: HTTP ${res.status}`);
    this.token = { value: json.access_token, until: Date.now() + Math.max(60, (json.expires_in ?? 3600) - 60) * 1000 };
    return json.access_token;
  }

  /** Courier and pickup-point quotes. @throws Error on a failed call or an answer without them. */
  async quote(to: Destination, weightGrams: number): Promise<DeliveryOption[]> {
    const token = await this.accessToken();
    const res = await this.fetchFn(this.url('calculator/tarifflist'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        currency: 1,
        from_location: { code: this.options.fromCityCode },
        to_location: { city: to.city, region: to.region, country_code: 'RU' },
        packages: [{ weight: Math.max(100, weightGrams), length: 30, width: 25, height: 10 }],
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as TariffAnswer;
    if (!res.ok)
      throw new Error(
        `CDEK tarifflist failed: HTTP ${res.status} ${json.errors?.map((e) => e.message).join('; ') ?? ''}`,
      );
    const pick = (code: number) => json.tariff_codes?.find((t) => t.tariff_code === code);
    const out: DeliveryOption[] = [];
    const courier = pick(CDEK_COURIER_TARIFF);
    if (courier)
      out.push({
        method: 'courier',
        name: 'Курьером СДЭК до двери',
        cost: Math.ceil(courier.delivery_sum),
        days_min: courier.period_min,
        days_max: courier.period_max,
        note: `Доставка по адресу, ${to.city}`,
        source: 'cdek',
      });
    const pvz = pick(CDEK_PVZ_TARIFF);
    if (pvz)
      out.push({
        method: 'cdek',
        name: 'В пункт выдачи СДЭК',
        cost: Math.ceil(pvz.delivery_sum),
        days_min: pvz.period_min,
        days_max: pvz.period_max,
        note: 'Выберите пункт выдачи в вашем городе',
        source: 'cdek',
      });
    if (out.length === 0) throw new Error('CDEK returned no courier or pickup-point tariff');
    return out;
  }

  /** GET with the access token. @throws Error on a non-2xx answer. */
  private async getJson<T>(path: string, query: Record<string, string>): Promise<T> {
    const token = await this.accessToken();
    const res = await this.fetchFn(`${this.url(path)}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`CDEK ${path} failed: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  /**
   * The city's offices and parcel lockers, by CDEK's own city code (the one whose region matches
   * ours, else the first of that name).
   * @throws Error on a failed call; an unknown city gives [].
   */
  async pickupPoints(to: Destination): Promise<PickupPoint[]> {
    const found = await this.getJson<CdekCity[]>('location/cities', { country_codes: 'RU', city: to.city, size: '10' });
    const city =
      found.find((c) => c.city === to.city && c.region && to.region.includes(c.region.split(' ')[0]!)) ??
      found.find((c) => c.city === to.city);
    if (!city) return [];
    const offices = await this.getJson<CdekOffice[]>('deliverypoints', {
      city_code: String(city.code),
      country_code: 'RU',
      type: 'ALL',
    });
    return offices.slice(0, CDEK_POINTS_MAX).map((o) => ({
      code: o.code,
      name: o.name ?? `Пункт выдачи ${o.code}`,
      address: o.location?.address ?? '',
      work_time: o.work_time ?? '',
      type: o.type === 'POSTAMAT' ? ('POSTAMAT' as const) : ('PVZ' as const),
      location:
        typeof o.location?.latitude === 'number' && typeof o.location.longitude === 'number'
          ? { latitude: o.location.latitude, longitude: o.location.longitude }
          : null,
    }));
  }
}
