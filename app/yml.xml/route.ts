/** /yml.xml: the Yandex Market YML feed (issue #15), relayed from the shop API as it streams. */
import { relayFeed } from '@/features/seo/api/relay-feed';

export const dynamic = 'force-dynamic';

/** The feed; 404 when the shop API has none (features/seo/api/relay-feed.ts). */
export function GET(request: Request): Promise<Response> {
  return relayFeed('yml.xml', request);
}
