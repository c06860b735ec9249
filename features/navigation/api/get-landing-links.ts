/** The landing pages the footer links (issue #34 item 10), from GET /v1/sitemap/ (spec §7 landing pages). */
import { SitemapIndexData, type LandingListItem } from '@/lib/api/contract/facets';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';
import type { z } from 'zod';

/** A landing page link: `slug` of /landing/{slug} and its title. */
export type LandingLink = z.infer<typeof LandingListItem>;

/**
 * Every landing page with its title, in the owner's order, cached for 5 minutes under the tag
 * "sitemap" (the same answer sitemap.xml reads).
 * @returns the links, or [] when the feed failed or names no titles (spec §8: only logged).
 */
export async function getLandingLinks(): Promise<LandingLink[]> {
  try {
    const data = await apiGet('/v1/sitemap/', SitemapIndexData, {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['sitemap'] },
      timeoutMs: 30_000,
    });
    return data.landing_pages ?? [];
  } catch (error) {
    console.error('что-то пошло не так: landing pages', error);
    return [];
  }
}
