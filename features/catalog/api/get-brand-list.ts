/** GET /v1/brands for the brand pages (spec §2 /brands, /brands/{slug}; §3 Brand). */
import { z } from 'zod';
import { Brand } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * Every brand with its product count, cached 5 minutes.
 * @throws ApiRequestError when the API fails (the page shows the error page).
 */
export function getBrandList(): Promise<Brand[]> {
  return apiGet('/v1/brands', z.array(Brand), { cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['brands'] } });
}
