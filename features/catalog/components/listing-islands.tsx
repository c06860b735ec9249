/**
 * The listing's client islands (issue #30, first-visit JS), imported statically by the server
 * components (./facets-form.tsx, ./faceted-listing.tsx) from one module, ./listing-client.tsx, so
 * that they load as one chunk with the route. Listings and products used to share one cached
 * route, which split each page kind's islands with next/dynamic; products now have a route of
 * their own (proxy.ts), and listings, search, brand and landing pages no longer carry
 * next/dynamic's runtime (~2.2 kB).
 */
export { FacetsFormShell, ShowMore } from './listing-client';
