/** GET /v1/preview_category/ (spec §3 Preview category, §7 Content). */
import { z } from 'zod';
import { PreviewCategory } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * The sections with their menu subcategories, menu order; cached 5 minutes under the tag
 * "preview-categories".
 * @returns the list, or `null` when it failed to load (spec §8: only logged).
 */
export async function getPreviewCategories(): Promise<PreviewCategory[] | null> {
  try {
    return await apiGet('/v1/preview_category/', z.array(PreviewCategory), {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['preview-categories'] },
    });
  } catch (error) {
    console.error('что-то пошло не так: preview_category', error);
    return null;
  }
}
