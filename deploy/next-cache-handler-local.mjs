/**
 * The storefront's Next cache on one machine (no REDIS_URL): Next's own memory + disk cache
 * (`FileSystemCache`, the handler Next uses when none is configured) with the render-start guard
 * of ./render-start-guard.mjs, so a page or fetch that straddles a revalidation is not kept as
 * fresh (issue #13, docs/caching.md), and the outage guard of ./outage-guard.mjs, so an error page
 * rendered while the shop API was failing is not kept.
 *
 * Next exports no public path for its built-in handler; this imports it from `next/dist`, the
 * same file Next itself loads. `npm test` runs the freshness e2e on it, so a Next upgrade that
 * moves it fails loudly.
 */
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { withOutageGuard } from './outage-guard.mjs';
import { withRenderStartGuard } from './render-start-guard.mjs';

export default withOutageGuard(withRenderStartGuard(fileSystemCache.default ?? fileSystemCache));
