'use client';

/**
 * The listing's client islands in one module, imported statically by the server components
 * (./facets-form.tsx, ./faceted-listing.tsx), so that they load as one chunk with the route (issue
 * #30, first-visit JS): a listing with filters renders both. Products have a cached route of their
 * own (proxy.ts), so listings, search, brand and landing pages need no next/dynamic split.
 */
export { FacetsFormShell } from './facets-form-shell';
export { ShowMore } from './show-more';
