/**
 * Server state of the account pages (spec §6 registered user; issue #17 item 3): order history,
 * one order, saved addresses, regions and cities. Every call goes through lib/api/account-client.ts
 * (the BFF, lib/api/bff-client.ts) with the query's AbortSignal. A user's data is keyed by the
 * user's id, so after a logout and another login in the same page load nothing of the first user
 * is shown to the second.
 */
import { queryOptions } from '@tanstack/react-query';
import { accountRequest, fetchCities, fetchRegions } from '@/lib/api/account-client';
import { AddressesResponse } from '@/lib/api/contract/accounts';
import { OrderDetailResponse, OrderPreviewResponse } from '@/lib/api/contract/orders';

/** Query keys, one root per resource under `account`. */
export const accountKeys = {
  all: ['account'] as const,
  user: (userId: number) => [...accountKeys.all, 'user', userId] as const,
  orders: (userId: number) => [...accountKeys.user(userId), 'orders'] as const,
  order: (userId: number, pk: number) => [...accountKeys.user(userId), 'order', pk] as const,
  addresses: (userId: number) => [...accountKeys.user(userId), 'addresses'] as const,
  regions: () => [...accountKeys.all, 'regions'] as const,
  cities: (regionId: number) => [...accountKeys.all, 'cities', regionId] as const,
};

/** Locations change with a release of the directory, not during a visit. */
const LOCATIONS_STALE_MS = 60 * 60 * 1000;

/** GET /v1/history_order_preview/: the orders of the user `userId`, newest first. @throws BffRequestError. */
export const ordersQuery = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.orders(userId),
    queryFn: ({ signal }) =>
      accountRequest('GET', '/v1/history_order_preview/', OrderPreviewResponse, undefined, signal).then(
        (answer) => answer.results,
      ),
  });

/**
 * POST /v1/history_order_detail/ {pk}: one order with its lines and status history.
 * @throws BffRequestError, status 404 for an unknown order or another user's.
 */
export const orderQuery = (userId: number, pk: number) =>
  queryOptions({
    queryKey: accountKeys.order(userId, pk),
    queryFn: ({ signal }) =>
      accountRequest('POST', '/v1/history_order_detail/', OrderDetailResponse, { pk }, signal).then(
        (answer) => answer.order,
      ),
  });

/** GET /v1/user_address/: the saved addresses of the user `userId`. @throws BffRequestError. */
export const addressesQuery = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.addresses(userId),
    queryFn: ({ signal }) =>
      accountRequest('GET', '/v1/user_address/', AddressesResponse, undefined, signal).then((answer) => answer.results),
  });

/** GET /v1/regions/ (spec §7 Locations): every region. @throws BffRequestError. */
export const regionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.regions(),
    queryFn: ({ signal }) => fetchRegions(signal).then((answer) => answer.results),
    staleTime: LOCATIONS_STALE_MS,
  });

/** GET /v1/cities/ of one region (spec §7 Locations); disabled until a region is chosen. @throws BffRequestError. */
export const citiesQuery = (regionId: number) =>
  queryOptions({
    queryKey: accountKeys.cities(regionId),
    queryFn: ({ signal }) => fetchCities(regionId, signal).then((answer) => answer.results),
    staleTime: LOCATIONS_STALE_MS,
    enabled: regionId > 0,
  });
