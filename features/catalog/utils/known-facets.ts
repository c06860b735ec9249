/**
 * The facet values that exist (issue #12 item 13): the brand and colour slugs, size and material
 * names of the whole catalogue, so proxy.ts caches only listings whose filters name real values.
 * Without it `?brand=zz123`, `?brand=zz124`, … each made a new cached page on disk.
 *
 * Source: `GET /v1/all/filters/` (the whole catalogue's facets) through lib/api, kept in this
 * server process and refreshed in the background every {@link REFRESH_MS} ms (after a failure,
 * {@link RETRY_MS}); `knownFacetValues()` never waits for it. Until the first answer, and for a
 * value added to the catalogue since the last refresh, a filtered listing is rendered per request
 * (correct, just not cached).
 */
import { Facets } from '@/lib/api/contract/facets';
import { apiGet } from '@/lib/api/fetcher';
import type { ListParam } from './listing-query';

/** URL parameter → the values it may carry. */
export type KnownFacetValues = Record<ListParam, ReadonlySet<string>>;

/** How often the set is refreshed, ms. */
export const REFRESH_MS = 5 * 60_000;
/** How soon a failed refresh is tried again, ms. */
export const RETRY_MS = 30_000;

let known: KnownFacetValues | null = null;
let nextRefreshAt = 0;
let loading: Promise<void> | null = null;

/** Builds the set from a facets answer. */
export function knownFromFacets(facets: Facets): KnownFacetValues {
  const set = (list: { value: string }[]) => new Set(list.map((v) => v.value));
  return {
    brand: set(facets.brands),
    color: set(facets.colors),
    size: set(facets.sizes),
    material: set(facets.materials),
  };
}

/**
 * Loads the set now (what the background refresh runs); a failure keeps the previous set.
 * @returns resolves when done, never rejects.
 */
export function refreshKnownFacetValues(): Promise<void> {
  loading ??= apiGet('/v1/all/filters/', Facets, { timeoutMs: 5000 })
    .then(
      (facets) => {
        known = knownFromFacets(facets);
        nextRefreshAt = Date.now() + REFRESH_MS;
      },
      () => {
        nextRefreshAt = Date.now() + RETRY_MS;
      },
    )
    .finally(() => {
      loading = null;
    });
  return loading;
}

/**
 * The values known now, or null before the first successful load. Starts a refresh in the
 * background when the set is due one; never waits.
 */
export function knownFacetValues(): KnownFacetValues | null {
  if (Date.now() >= nextRefreshAt && !loading) void refreshKnownFacetValues();
  return known;
}

/** For tests: sets (or clears) the known values and when the next refresh is due. */
export function setKnownFacetValues(values: KnownFacetValues | null, refreshAt = Date.now() + REFRESH_MS): void {
  known = values;
  nextRefreshAt = refreshAt;
}
