/** GET /v1/brands (spec §3 Brand, §7 Content). */
import { z } from 'zod';
import { Brand } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * All brands, cached 5 minutes under the tag "brands".
 * @returns the list, empty when it failed to load (spec §8: brand failures only logged).
 */
export async function getBrands(): Promise<Brand[]> {
  try {
    return await apiGet('/v1/brands', z.array(Brand), {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['brands'] },
    });
  } catch (error) {
    console.error('что-то пошло не так: brands', error);
    return [];
  }
}
