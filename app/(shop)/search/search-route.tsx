/**
 * Rendering of the search page, shared by the per-request route (./page.tsx) and the cached route
 * (app/(shop)/cached/[key]/search, see proxy.ts and features/catalog/utils/page-cache-key.ts).
 * /search?searchParam=… (spec §2 named link "search", title "Поиск"; §7 GET /v1/search/{query}/):
 * results with the same facets (GET /v1/all/filters/?search=) and sort as listings, 24 a page,
 * "Показать ещё" and page links. Without a query it shows the search form. Every search page is
 * `noindex, follow`: result pages (issue #14) and the empty form too (issue #34 item 10: it has no
 * content of its own); the clean result page is its own canonical, filtered/sorted variants name
 * the clean one.
 */
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { getFacets } from '@/features/catalog/api/get-facets';
import { getSearch, searchBffUrl } from '@/features/catalog/api/get-search';
import { FacetedListing } from '@/features/catalog/components/faceted-listing';
import { hasFilters, parseListingQuery, type RawQuery } from '@/features/catalog/utils/listing-query';
import { parsePageParam } from '@/features/catalog/utils/page-param';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { pageMetadata } from '@/features/seo/utils/page-metadata';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

function queryText(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (value ?? '').trim().slice(0, 200);
}

/**
 * "«купальник» — поиск — Lumière" or "Поиск": `noindex, follow` always — result pages are an
 * unbounded set of thin pages, also with 0 results (issue #14), and the empty page is only a form
 * (issue #34 item 10). The SEO record of /search titles the empty page only. Canonical as the
 * module docstring says.
 */
export async function searchMetadata(query: RawQuery): Promise<Metadata> {
  const text = queryText(query.searchParam);
  const state = parseListingQuery(query);
  const page = parsePageParam(query.page) ?? 1;
  const variant = hasFilters(state.filters) || state.sort !== undefined;
  const clean = href('search', {}, { searchParam: text || undefined });
  return pageMetadata({
    path: variant ? clean : href('search', {}, { searchParam: text || undefined, page: page > 1 ? page : undefined }),
    title: text ? `«${text}» — ${routeTitle('search').toLocaleLowerCase('ru')}` : routeTitle('search'),
    page: text ? page : undefined,
    description: text
      ? `Результаты поиска «${text}» в интернет-магазине: купальники, одежда, обувь и аксессуары с доставкой по России.`
      : 'Поиск по каталогу: купальники, одежда, обувь, аксессуары, бельё.',
    noindex: true,
    useSeoRecord: !text,
  });
}

/** The search page for `query` (searchParam, filters, sort, page); notFound() for an invalid page or one past the last. */
export async function SearchRoute({ query }: { query: RawQuery }) {
  const text = queryText(query.searchParam);
  const page = parsePageParam(query.page);
  if (page === null) notFound();
  const state = parseListingQuery(query);
  const heading = text ? `Результаты поиска «${text}»` : routeTitle('search');

  const [results, facets] = text
    ? await Promise.all([getSearch(text, page, state), getFacets({ path: '', search: text, filters: state.filters })])
    : [null, null];
  // Issue #31 item 5: a page past the last one is not a page of results (as on listings).
  if (results && page > 1 && results.results.length === 0) notFound();

  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle('search'), href: href('search') }]} />
      <h1 className="page-title">{heading}</h1>
      <form
        role="search"
        method="get"
        action={href('search')}
        className="search-page-form"
        aria-label="Поиск по каталогу"
      >
        <label htmlFor="search-page-input" className="visually-hidden">
          Что вы ищете?
        </label>
        <input
          id="search-page-input"
          name="searchParam"
          type="search"
          defaultValue={text}
          placeholder="Например, купальник"
          maxLength={100}
        />
        <button type="submit" className="button">
          Найти
        </button>
      </form>
      {results ? (
        <FacetedListing
          cardAction={FavoriteToggle}
          basePath={href('search')}
          keep={{ searchParam: text }}
          state={state}
          facets={facets}
          offers={results}
          page={page}
          endpoint={searchBffUrl(text, state)}
          label={heading}
          emptyText={`По запросу «${text}» ничего не найдено. Проверьте написание или попробуйте другое слово.`}
        />
      ) : (
        <p>Введите название товара, бренда или категории.</p>
      )}
    </div>
  );
}
