/**
 * GET /v1/social/providers/ through the BFF: which social logins the shop API has configured
 * (DESIGN.md "social login: buttons hidden" on a fresh machine; VK ID when VK_CLIENT_ID/SECRET are
 * set). One request per page load; any failure counts as "none configured", so the buttons stay
 * hidden rather than offering a login that cannot work.
 */
import { accountRequest } from '@/lib/api/account-client';
import { SocialProvidersResponse } from '@/lib/api/contract/accounts';

/** One configured provider: its public client id and authorize URL (never the secret). */
export type SocialProviderConfig = SocialProvidersResponse['providers'][number];

let cached: Promise<SocialProviderConfig[]> | null = null;

/** The configured providers ([] on any failure). Cached for the page's lifetime. */
export function fetchSocialProviders(): Promise<SocialProviderConfig[]> {
  cached ??= accountRequest('GET', '/v1/social/providers/', SocialProvidersResponse)
    .then((answer) => answer.providers)
    .catch((error: unknown) => {
      console.error('[social] не удалось узнать настроенные соцсети', error);
      return [];
    });
  return cached;
}

/** Test helper: forget the cached answer. */
export function resetSocialProvidersForTests(): void {
  cached = null;
}
