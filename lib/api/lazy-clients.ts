/**
 * The account fetcher the header's session and favourites stores call (spec §4, §7), loaded with
 * its first call instead of with every page (issue #30, first-visit JS): a first visit, with no
 * session, never runs it. The basket's fetcher stays static: the header loads the basket on every
 * page. Same signature and errors as the module it loads.
 */
import type * as AccountClient from './account-client';

const account = () => import('./account-client');

/**
 * lib/api/account-client.ts `accountRequest`: `/api{path}` parsed with `schema`.
 * @throws BffRequestError on a non-2xx answer, a network failure or a contract mismatch.
 */
export async function accountRequest<T>(...args: Parameters<typeof AccountClient.accountRequest<T>>): Promise<T> {
  return (await account()).accountRequest<T>(...args);
}
