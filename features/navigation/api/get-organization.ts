/** GET /v1/organization (spec §3 Organization data, §7 Content). */
import { Organization } from '@/lib/api/contract/content';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * The shop's organization record (phone, messengers, promo text, logo), cached for 5 minutes
 * under the tag "organization".
 * @returns the record, or `null` when it failed to load (spec §8: "set to empty").
 */
export async function getOrganization(): Promise<Organization | null> {
  try {
    return await apiGet('/v1/organization', Organization, {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['organization'] },
    });
  } catch (error) {
    console.error('что-то пошло не так: organization', error);
    return null;
  }
}
