'use client';

/**
 * The listing's client islands in one module, so that they load as one chunk
 * (./listing-islands.tsx; issue #30): a listing with filters renders both.
 */
export { FacetsFormShell } from './facets-form-shell';
export { ShowMore } from './show-more';
