/**
 * sitemap.xml (issue #3 SEO, issue #14 crawlers 5): file 0 holds the static and content pages,
 * news and blog articles, every category and its tags, brand pages and landing pages, and pages
 * 2…N of the category, tag, brand and landing listings; files 1…N hold products, 50 000 each (Google's
 * limit), so the catalogue can grow past 50 000 URLs. Next serves them at /sitemap/{id}.xml;
 * /sitemap-index.xml is the index that lists them (app/sitemap-index.xml/route.ts), also answered
 * at /sitemap.xml (a rewrite in next.config.ts); robots.txt names the index.
 */
import { getLanding } from '@/features/catalog/api/get-landing';
import { getOffers, type OffersRequest } from '@/features/catalog/api/get-offers';
import { getArticles } from '@/features/content/api/get-articles';
import { getSitemapData, getSitemapProducts, SITEMAP_CHUNK } from '@/features/seo/api/get-sitemap';
import type { ArticleKind } from '@/lib/api/contract/publications';
import { PAGE_SIZE } from '@/lib/constants';
import { catalogHref, href, pageHref, type RouteName } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import type { MetadataRoute } from 'next';

/** Rendered per request (data cache 1 h for the page list): the catalogue changes between builds. */
export const dynamic = 'force-dynamic';

/** Pages that are the same for every shopper and worth indexing. */
export const STATIC_PAGES: readonly RouteName[] = [
  'index',
  'sale',
  'new',
  'brands',
  'about',
  'delivery-and-payments',
  'fitting_conditions',
  'podarochnye_sertifikaty',
  'contacts',
  'requisites',
  'publick-offer',
  'return-goods',
  'privacy-policy',
  'personal-data-consent',
  'cookie',
  'news',
  'blog',
  'address',
  'card',
  'story',
  'instagram',
  'discount',
  'rules-discount',
];

/** Articles read for the sitemap per request (the API's largest page). */
const ARTICLES_PER_CALL = 50;
/** Listings whose product count is asked for at once (the counts come from cached listing calls). */
const COUNT_CONCURRENCY = 8;

/**
 * Paths of every news or blog article, newest first; [] when the API fails (the rest of the
 * sitemap still answers).
 */
async function articlePaths(kind: ArticleKind): Promise<string[]> {
  const item = kind === 'news' ? 'news-slug' : 'blog-slug';
  const paths: string[] = [];
  try {
    for (let offset = 0; offset < 10_000; offset += ARTICLES_PER_CALL) {
      const page = await getArticles(kind, offset, ARTICLES_PER_CALL);
      paths.push(...page.results.map((article) => href(item, { slug: article.slug })));
      if (page.results.length < ARTICLES_PER_CALL || paths.length >= page.count) break;
    }
  } catch (error) {
    console.error('что-то пошло не так: sitemap articles', error);
  }
  return paths;
}

/**
 * A listing of the sitemap: its clean path and how to ask for its products (a catalogue or brand
 * listing by `path`/`tag`/`request`, a landing page by its `landing` slug).
 */
type Listing = { base: string; path: string; tag?: string; request?: OffersRequest; landing?: string };

/** How many products `listing` has (its first page's `count`). */
function productCount(listing: Listing): Promise<number> {
  if (listing.landing) return getLanding(listing.landing, 1).then((landing) => landing.count);
  return getOffers(listing.path, 1, listing.tag, listing.request).then((offers) => offers.count);
}

/**
 * Paths of pages 2…N of each listing (`?page=N`, 24 products a page, spec §9), from the product
 * count of its first page; a listing whose count fails is left out.
 */
async function listingPages(listings: Listing[]): Promise<string[]> {
  const pages: string[][] = [];
  const queue = listings.map((listing, i) => ({ listing, i }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { listing, i } = next;
      const count = await productCount(listing).catch(() => 0);
      const last = Math.ceil(count / PAGE_SIZE);
      pages[i] = Array.from({ length: Math.max(0, last - 1) }, (_, k) => pageHref(listing.base, k + 2));
    }
  };
  await Promise.all(Array.from({ length: COUNT_CONCURRENCY }, worker));
  return pages.flat();
}

/** File ids: 0 for pages, then one per 50 000 products. */
export async function generateSitemaps(): Promise<{ id: number }[]> {
  const data = await getSitemapData().catch(() => null);
  const files = Math.ceil((data?.products_count ?? 0) / SITEMAP_CHUNK);
  return Array.from({ length: files + 1 }, (_, id) => ({ id }));
}

/** One sitemap file. */
export default async function sitemap(props: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const id = Number(await props.id);
  if (id === 0) {
    const data = await getSitemapData();
    const pages = STATIC_PAGES.map((name) => ({
      url: absoluteUrl(href(name as 'index')),
      changeFrequency: 'weekly' as const,
    }));
    const categories = data.categories.flatMap((category) => [
      { url: absoluteUrl(catalogHref(category.path)), changeFrequency: 'daily' as const },
      ...category.tags.map((tag) => ({
        url: absoluteUrl(catalogHref(category.path, tag)),
        changeFrequency: 'daily' as const,
      })),
    ]);
    const brands = data.brands.map((slug) => ({
      url: absoluteUrl(href('brands-slug', { slug })),
      changeFrequency: 'daily' as const,
    }));
    const landings = data.landings.map((slug) => ({
      url: absoluteUrl(href('landing-slug', { slug })),
      changeFrequency: 'weekly' as const,
    }));
    const listings: Listing[] = [
      ...data.categories.flatMap((category) => [
        { base: catalogHref(category.path), path: category.path },
        ...category.tags.map((tag) => ({ base: catalogHref(category.path, tag), path: category.path, tag })),
      ]),
      ...data.brands.map((slug) => ({
        base: href('brands-slug', { slug }),
        path: '',
        request: { filters: { brands: [slug] } },
      })),
      // Issue #34 item 10: a landing page's pages 2…N are indexable (their own canonical,
      // app/(shop)/landing/[slug]/landing-route.tsx) like a category's.
      ...data.landings.map((slug) => ({ base: href('landing-slug', { slug }), path: '', landing: slug })),
    ];
    const [news, blog, more] = await Promise.all([articlePaths('news'), articlePaths('blog'), listingPages(listings)]);
    const articles = [...news, ...blog].map((path) => ({
      url: absoluteUrl(path),
      changeFrequency: 'monthly' as const,
    }));
    const pagesN = more.map((path) => ({ url: absoluteUrl(path), changeFrequency: 'daily' as const }));
    return [...pages, ...articles, ...categories, ...brands, ...landings, ...pagesN];
  }
  const products = await getSitemapProducts(id - 1);
  return products.results.map((product) => ({ url: absoluteUrl(product.path), lastModified: product.updated }));
}
