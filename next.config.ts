/**
 * Next.js configuration of the storefront (DESIGN.md). Reads the shop API origin from lib/env
 * (the only reader of process.env): product photos at /media/** are proxied from
 * `${SHOP_API_URL}/media/**` so next/image can optimise them as local images.
 */
import type { NextConfig } from 'next';
import { env } from './lib/env';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Issue #7 SEO: <title>, description and canonical always in <head>, never streamed into the
  // body after it (Next streams metadata to browsers it does not list as bots, e.g. Lighthouse).
  htmlLimitedBots: /.*/,
  // Spec §2: trailing slashes are stripped by proxy.ts with a 308, keeping the query.
  skipTrailingSlashRedirect: true,
  images: {
    localPatterns: [{ pathname: '/media/**' }],
    qualities: [75],
    formats: ['image/avif', 'image/webp'],
    deviceSizes: [390, 640, 828, 1080, 1440, 1920],
    imageSizes: [96, 160, 256, 384],
  },
  async rewrites() {
    return {
      beforeFiles: [{ source: '/media/:path*', destination: `${env.SHOP_API_URL}/media/:path*` }],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default nextConfig;
