/**
 * Server state of the checkout islands through TanStack Query (issue #17 item 3): regions, cities,
 * delivery options, pickup points, saved addresses, the promo discount and the order's payment
 * status. Every call goes through lib/api/bff-client.ts with the query's AbortSignal, so a
 * superseded request (another city chosen) is cancelled. Keys start at {@link checkoutKeys}.all.
 */
import { queryOptions } from '@tanstack/react-query';
import { bffRequest } from '@/lib/api/bff-client';
import { AddressesResponse, CitiesResponse, RegionsResponse } from '@/lib/api/contract/accounts';
import {
  DeliveryOptionsResponse,
  OrderInfoResponse,
  PaymentMethodsResponse,
  PickupPointsResponse,
  PromoCodeResponse,
  type DeliveryOption,
} from '@/lib/api/contract/checkout';

/** Query keys, one root per resource under `checkout`. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  regions: () => [...checkoutKeys.all, 'regions'] as const,
  cities: (regionId: number) => [...checkoutKeys.all, 'cities', regionId] as const,
  deliveryOptions: (cityId: number, basketTotal: number) =>
    [...checkoutKeys.all, 'delivery-options', cityId, basketTotal] as const,
  pickupPoints: (cityId: number) => [...checkoutKeys.all, 'pickup-points', cityId] as const,
  addresses: () => [...checkoutKeys.all, 'addresses'] as const,
  paymentMethods: () => [...checkoutKeys.all, 'payment-methods'] as const,
  promo: (code: string, basketTotal: number) => [...checkoutKeys.all, 'promo', code, basketTotal] as const,
  orderInfo: (guid: string) => [...checkoutKeys.all, 'order-info', guid] as const,
};

/** Locations change with a release of the directory, not during a visit. */
const LOCATIONS_STALE_MS = 60 * 60 * 1000;
/**
 * Lists the form cannot be filled without (regions, cities, pickup points, saved addresses) are
 * asked once more after a failure; the shared client (lib/query-client.tsx) does not retry.
 */
const LIST_RETRIES = 1;

/** GET /v1/regions/?data={} (spec §7 Locations). */
export const regionsQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.regions(),
    queryFn: ({ signal }) =>
      bffRequest('GET', `/v1/regions/?data=${encodeURIComponent('{}')}`, RegionsResponse, undefined, { signal }).then(
        (r) => r.results,
      ),
    staleTime: LOCATIONS_STALE_MS,
    retry: LIST_RETRIES,
  });

/**
 * GET /v1/payment_methods/ (issue #29): the online methods the shop's payment provider takes, so the
 * form offers СБП only where it can be paid. A failure counts as "card only".
 */
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.paymentMethods(),
    queryFn: ({ signal }) =>
      bffRequest('GET', '/v1/payment_methods/', PaymentMethodsResponse, undefined, { signal }).then((r) => r.methods),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** GET /v1/cities/?data={"region_id":N} (spec §7 Locations); disabled until a region is chosen. */
export const citiesQuery = (regionId: number) =>
  queryOptions({
    queryKey: checkoutKeys.cities(regionId),
    queryFn: ({ signal }) =>
      bffRequest(
        'GET',
        `/v1/cities/?data=${encodeURIComponent(JSON.stringify({ region_id: regionId }))}`,
        CitiesResponse,
        undefined,
        { signal },
      ).then((r) => r.results),
    staleTime: LOCATIONS_STALE_MS,
    retry: LIST_RETRIES,
    enabled: regionId > 0,
  });

/**
 * Every delivery method of a city with cost and days: the provider's quotes (`POST /v1/cdek_calc/`)
 * and the shop pickup where there is a shop (`POST /v1/check_delivery/`), the first answer winning
 * per method. Keyed by the basket total too: the weight and the tariff follow the goods.
 */
export const deliveryOptionsQuery = (cityId: number, basketTotal: number) =>
  queryOptions({
    queryKey: checkoutKeys.deliveryOptions(cityId, basketTotal),
    queryFn: async ({ signal }): Promise<DeliveryOption[]> => {
      const [calc, check] = await Promise.all([
        bffRequest('POST', '/v1/cdek_calc/', DeliveryOptionsResponse, { city_id: cityId }, { signal }),
        bffRequest('POST', '/v1/check_delivery/', DeliveryOptionsResponse, { city_id: cityId }, { signal }),
      ]);
      return [...calc.results, ...check.results.filter((o) => !calc.results.some((c) => c.method === o.method))];
    },
    enabled: cityId > 0,
    retry: false,
  });

/** GET /v1/pickup_points/?city_id=N (issue #14 item 13): the whole city's list, searched in the browser. */
export const pickupPointsQuery = (cityId: number) =>
  queryOptions({
    queryKey: checkoutKeys.pickupPoints(cityId),
    queryFn: ({ signal }) =>
      bffRequest('GET', `/v1/pickup_points/?city_id=${cityId}`, PickupPointsResponse, undefined, { signal }),
    staleTime: LOCATIONS_STALE_MS,
    retry: LIST_RETRIES,
    enabled: cityId > 0,
  });

/** GET /v1/user_address/: a registered buyer's saved addresses. */
export const addressesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: checkoutKeys.addresses(),
    queryFn: ({ signal }) =>
      bffRequest('GET', '/v1/user_address/', AddressesResponse, undefined, { signal }).then((r) => r.results),
    enabled,
    retry: LIST_RETRIES,
  });

/** POST /v1/promo_code/ {promo_code}: the discount on the current basket; a refusal is not retried. */
export const promoQuery = (code: string | null, basketTotal: number) =>
  queryOptions({
    queryKey: checkoutKeys.promo(code ?? '', basketTotal),
    queryFn: ({ signal }) => bffRequest('POST', '/v1/promo_code/', PromoCodeResponse, { promo_code: code }, { signal }),
    enabled: Boolean(code) && basketTotal > 0,
    retry: false,
  });

/** Polls of a still-pending payment before the confirm page offers to pay again. */
export const PENDING_POLLS = 5;
/** Delay between polls, ms. */
export const POLL_MS = 1500;

/**
 * POST /v1/get_order_info/ {guid}: the order with its payment status, checked with the provider.
 * Polled every {@link POLL_MS} while the payment is pending, at most {@link PENDING_POLLS} times
 * after the first answer (`refetchInterval`); a failure is not retried (spec §8: the error flag).
 */
export const orderInfoQuery = (guid: string | null) =>
  queryOptions({
    queryKey: checkoutKeys.orderInfo(guid ?? ''),
    queryFn: ({ signal }) =>
      bffRequest('POST', '/v1/get_order_info/', OrderInfoResponse, { guid }, { signal }).then((r) => r.order_info),
    enabled: Boolean(guid),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.payment_status === 'pending' &&
      !query.state.data.paid &&
      query.state.dataUpdateCount <= PENDING_POLLS
        ? POLL_MS
        : false,
  });
