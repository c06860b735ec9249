'use client';

/**
 * The listing's client islands, loaded as their own chunk (issue #30, first-visit JS): listings
 * and products share one route, whose statically imported client components all land in one chunk
 * every page of the route loads, so a product page downloaded the facet form and «Показать ещё».
 * Behind next/dynamic (server-rendered as before) they load only on pages that render them, both
 * from one module (./listing-client.tsx), so one chunk.
 */
import dynamic from 'next/dynamic';

/** ./facets-form-shell `FacetsFormShell`: the `<form>` of the facet filters (spec §2 "Catalogue sections"). */
export const FacetsFormShell = dynamic(() => import('./listing-client').then((m) => m.FacetsFormShell));
/** ./show-more `ShowMore` («Показать ещё» and the pages it appends). */
export const ShowMore = dynamic(() => import('./listing-client').then((m) => m.ShowMore));
