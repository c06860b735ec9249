/**
 * The URL a submitted facet form leads to (issue #3), loaded by `FacetsFormShell` on the form's
 * first change, so that the listing's first visit carries none of the URL code (issue #30).
 */
import { listingUrl, parseListingQuery, type ListingState, type RawQuery } from './listing-query';

/** The form's fields as a query record (repeated names kept, as a GET form sends them). */
function formQuery(form: HTMLFormElement): RawQuery {
  const query: Record<string, string[]> = {};
  for (const [key, value] of new FormData(form).entries()) {
    if (typeof value === 'string') (query[key] ??= []).push(value);
  }
  return query;
}

/**
 * The canonical listing URL (`?brand=a,b&size=S`, page 1) of the filters chosen in `form`, with
 * the listing's current `sort` and the `keep` parameters (e.g. `searchParam`).
 * @param form the facet form (its checkboxes and `price_from`/`price_to` fields).
 * @param basePath the listing's path without query ("/kupalniki", "/search").
 */
export function facetsFormUrl(
  form: HTMLFormElement,
  basePath: string,
  sort: ListingState['sort'],
  keep: Record<string, string | undefined>,
): string {
  return listingUrl(basePath, { filters: parseListingQuery(formQuery(form)).filters, sort }, 1, keep);
}
