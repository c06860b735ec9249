/**
 * The cached brand and landing pages (issue #14 item 6, like the catalogue's of issue #7):
 * proxy.ts rewrites `/{brands|landing}/{slug}?{query}` to `/cached/{key}/{brands|landing}/{slug}`
 * with the query in the `key` segment (features/catalog/utils/page-cache-key.ts). Each (key, slug)
 * page is rendered on its first request, served from the cache after that and re-rendered in the
 * background (the routes' `revalidate`). Being prerendered, an unknown slug or a page beyond the
 * last answers 404 with the error page in the HTML (components/error-state/inline-not-found.tsx).
 */
import { notFound } from 'next/navigation';
import { metadataOr404, pageOr404 } from '@/components/error-state/inline-not-found';
import type { RawQuery } from '@/features/catalog/utils/listing-query';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/** Route params of a cached slug page. */
export type CachedSlugParams = Promise<{ key: string; slug: string }>;

async function split(params: CachedSlugParams) {
  const { key, slug } = await params;
  const query = queryFromKey(key);
  if (!query) notFound();
  return { slug, query };
}

/**
 * `generateMetadata` and the page component of a cached slug route, from the per-request route's
 * `metadata(slug, query)` and `render({ slug, query })`; either may throw `notFound()`.
 */
export function cachedSlugRoute(
  metadata: (slug: string, query: RawQuery) => Promise<Metadata>,
  render: (props: { slug: string; query: RawQuery }) => Promise<ReactNode>,
) {
  return {
    /** Metadata of the page; "Ошибка" when there is none (spec §2; Next adds noindex). */
    generateMetadata: ({ params }: { params: CachedSlugParams }): Promise<Metadata> =>
      metadataOr404(async () => {
        const { slug, query } = await split(params);
        return metadata(slug, query);
      }),
    /** The page, or the 404 page in its place. */
    Page: ({ params }: { params: CachedSlugParams }): Promise<ReactNode> =>
      // Called, not rendered as an element: its lookups run here, where a not-found is caught.
      pageOr404(async () => render(await split(params))),
  };
}
