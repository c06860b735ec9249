'use client';

/**
 * The listing's client islands, each loaded as its own chunk (issue #30, first-visit JS): listings
 * and products share one route, whose statically imported client components all land in one chunk
 * every page of the route loads, so a product page downloaded the facet form and «Показать ещё».
 * Behind next/dynamic (server-rendered as before) they load only on pages that render them.
 */
import dynamic from 'next/dynamic';

/** ./facets-form `FacetsForm` (spec §2 "Catalogue sections": filters). */
export const FacetsForm = dynamic(() => import('./facets-form').then((m) => m.FacetsForm));
/** ./show-more `ShowMore` («Показать ещё» and the pages it appends). */
export const ShowMore = dynamic(() => import('./show-more').then((m) => m.ShowMore));
