/** GET /v1/instagramm_posts (spec §7 Content). */
import { z } from 'zod';
import { InstagramPost } from '@/lib/api/contract/publications';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * The shop's Instagram posts, newest first.
 * @returns the posts; `[]` when the call failed (only logged, like banners in spec §8).
 */
export async function getInstagramPosts(): Promise<InstagramPost[]> {
  try {
    return await apiGet('/v1/instagramm_posts', z.array(InstagramPost), {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['content'] },
    });
  } catch (error) {
    console.error('что-то пошло не так: instagramm_posts', error);
    return [];
  }
}
