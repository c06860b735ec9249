/**
 * sitemap.xml (issue #3 SEO): file 0 holds the static and content pages, every category and its
 * tags, brand pages and landing pages; files 1…N hold products, 50 000 each (Google's limit), so
 * the catalogue can grow past 50 000 URLs.  Next serves them at /sitemap/{id}.xml;
 * /sitemap-index.xml is the index that lists them (app/sitemap-index.xml/route.ts; Next reserves /sitemap.xml) and robots.txt names the index.
 */
import type { MetadataRoute } from 'next';
import { getSitemapData, getSitemapProducts, SITEMAP_CHUNK } from '@/features/seo/api/get-sitemap';
import { catalogHref, href, type RouteName } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';

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
  'cookie',
  'news',
  'blog',
];

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
    const pages = STATIC_PAGES.map((name) => ({ url: absoluteUrl(href(name as 'index')), changeFrequency: 'weekly' as const }));
    const categories = data.categories.flatMap((category) => [
      { url: absoluteUrl(catalogHref(category.path)), changeFrequency: 'daily' as const },
      ...category.tags.map((tag) => ({ url: absoluteUrl(catalogHref(category.path, tag)), changeFrequency: 'daily' as const })),
    ]);
    const brands = data.brands.map((slug) => ({ url: absoluteUrl(href('brands-slug', { slug })), changeFrequency: 'daily' as const }));
    const landings = data.landings.map((slug) => ({ url: absoluteUrl(href('landing-slug', { slug })), changeFrequency: 'weekly' as const }));
    return [...pages, ...categories, ...brands, ...landings];
  }
  const products = await getSitemapProducts(id - 1);
  return products.results.map((product) => ({ url: absoluteUrl(product.path), lastModified: product.updated }));
}
