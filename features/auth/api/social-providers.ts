/**
 * GET /v1/social/providers/ through the BFF: which social logins the shop API has configured
 * (DESIGN.md "social login: buttons hidden" on a fresh machine; VK ID when VK_CLIENT_ID/SECRET are
 * set), as a TanStack query (issue #17 item 3). One request per page load, shared by the login and
 * the registration popups; any failure counts as "none configured", so the buttons stay hidden
 * rather than offering a login that cannot work.
 */
import { queryOptions } from '@tanstack/react-query';
import { accountRequest } from '@/lib/api/account-client';
import { SocialProvidersResponse } from '@/lib/api/contract/accounts';

/** One configured provider: its public client id and authorize URL (never the secret). */
export type SocialProviderConfig = SocialProvidersResponse['providers'][number];

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  socialProviders: () => [...authKeys.all, 'social-providers'] as const,
};

/**
 * The configured providers ([] on any failure), kept for the page's lifetime. The request is not
 * tied to the popup: closing it does not cancel the answer the next popup will use.
 */
export const socialProvidersQuery = () =>
  queryOptions({
    queryKey: authKeys.socialProviders(),
    queryFn: (): Promise<SocialProviderConfig[]> =>
      accountRequest('GET', '/v1/social/providers/', SocialProvidersResponse)
        .then((answer) => answer.providers)
        .catch((error: unknown) => {
          console.error('[social] не удалось узнать настроенные соцсети', error);
          return [];
        }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
