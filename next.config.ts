/**
 * Next.js configuration of the storefront (DESIGN.md). Reads the shop API origin from lib/env
 * (the only reader of process.env): product photos at /media/** are proxied from
 * `${SHOP_API_URL}/media/**` so next/image can optimise them as local images.
 */
import path from 'node:path';
import { env } from './lib/env';
import { imageSettings } from './lib/image-settings';
import { securityHeaders } from './lib/security-headers';
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Issue #17: the e2e run builds into its own folder (NEXT_DIST_DIR=.next-test, set by
  // tests/e2e/global-setup.ts), so it never rebuilds or clears the .next of a shop running here.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Issue #7: Next's ETag hashes the whole HTML on every request; the Node layer in front
  // (storefront-server/page-validators.ts) hashes only cacheable public pages, once per cached copy.
  generateEtags: false,
  // Issue #7: catalogue and search pages are cached on demand (proxy.ts → app/(shop)/cached), in
  // memory (an LRU of PAGE_CACHE_MEMORY_MB per server process) and on disk under
  // .next/server/app/cached, which storefront-server/serve.ts keeps under PAGE_CACHE_DISK_MB (the number of
  // pages grows with the filter combinations requested). The disk cache stays on: the image
  // optimizer's cache depends on it.
  // Issue #16 (docs/topology.md): with REDIS_URL, every instance shares one data and page cache in
  // Redis (deploy/next-cache-handler.mjs), so a tag revalidated on one is revalidated on all; no
  // per-process copy on top of it (cacheMaxMemorySize 0). Without it: Next's built-in cache above
  // (deploy/next-cache-handler-local.mjs), which carries the render-start guard of issue #13
  // (deploy/render-start-guard.mjs, docs/caching.md).
  cacheMaxMemorySize: process.env.REDIS_URL ? 0 : env.PAGE_CACHE_MEMORY_MB * 1024 * 1024,
  cacheHandler: path.join(
    process.cwd(),
    'deploy',
    process.env.REDIS_URL ? 'next-cache-handler.mjs' : 'next-cache-handler-local.mjs',
  ),
  // Issue #7 SEO: <title>, description and canonical always in <head>, never streamed into the
  // body after it (Next streams metadata to browsers it does not list as bots, e.g. Lighthouse).
  htmlLimitedBots: /.*/,
  experimental: {
    // LCP on slow mobile networks: no render-blocking stylesheet requests (docs/decisions.md).
    inlineCss: true,
    // Issue #30: Turbopack's default CSS chunking merges small sheets into shared chunks to save
    // requests, so every page inlined the whole shop's 55 kB of CSS (checkout, account, reviews…)
    // twice (head and RSC payload). Inlined CSS costs no request: the graph chunker with a
    // request cost of ~1 kB keeps each page to the sheets its components import
    // (docs/lighthouse.md "Each page its own stylesheet").
    cssChunking: { type: 'graph', requestCost: 1000 },
  },
  // Spec §2: trailing slashes are stripped by proxy.ts with a 308, keeping the query.
  skipTrailingSlashRedirect: true,
  // Shared with the floor app of issue #30 (lib/image-settings.ts).
  images: imageSettings,
  // Issue #12: CSP, nosniff, no framing, referrer and feature policies, HSTS for https
  // (lib/security-headers.ts says what the CSP allows and why).
  async headers() {
    return [
      {
        source: '/:path*',
        headers: securityHeaders({
          siteUrl: env.SITE_URL,
          ymId: env.YM_ID,
          development: env.NODE_ENV === 'development',
          cdekWidget: Boolean(env.CDEK_WIDGET_MAPS_KEY),
        }),
      },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/media/:path*', destination: `${env.SHOP_API_URL}/media/:path*` },
        // Crawlers ask /sitemap.xml first; with generateSitemaps Next serves only /sitemap/{id}.xml.
        { source: '/sitemap.xml', destination: '/sitemap-index.xml' },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default nextConfig;
