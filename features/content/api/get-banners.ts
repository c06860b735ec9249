/** GET /v1/banner and /v1/containerbanners (spec §3 banners and catalogBanners, §7 Content). */
import { z } from 'zod';
import { Banner } from '@/lib/api/contract/publications';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * Home banners, or the listing banners of `section` when `place` is "container".
 * @returns the banners; `[]` when the call failed (spec §8: banner failures are only logged).
 */
export async function getBanners(place: 'home' | 'container', section?: string): Promise<Banner[]> {
  try {
    return await apiGet(place === 'home' ? '/v1/banner' : '/v1/containerbanners', z.array(Banner), {
      query: place === 'container' ? { section } : undefined,
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['content', 'banners'] },
    });
  } catch (error) {
    console.error('что-то пошло не так: banners', error);
    return [];
  }
}
