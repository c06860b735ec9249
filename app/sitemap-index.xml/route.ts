/**
 * /sitemap-index.xml, also answered at /sitemap.xml (a rewrite in next.config.ts: Next keeps that
 * path for app/sitemap.ts, which serves only /sitemap/{id}.xml) (issue #3 SEO, #14): the index listing the files of app/sitemap.ts
 * (/sitemap/0.xml for pages, categories, tags, brands and landing pages; /sitemap/1.xml… for
 * products, 50 000 each).
 */
import { absoluteUrl } from '@/lib/site-url';
import { generateSitemaps } from '../sitemap';

export const dynamic = 'force-dynamic';

/** The sitemap index XML. */
export async function GET(): Promise<Response> {
  const files = await generateSitemaps();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map(({ id }) => `  <sitemap><loc>${absoluteUrl(`/sitemap/${id}.xml`)}</loc></sitemap>`),
    '</sitemapindex>',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
