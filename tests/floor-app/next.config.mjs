/**
 * The floor app of issue #30 (docs/lighthouse.md "Same-run budgets"): the least a Next.js 16 page
 * can be, built with the shop's own Next and React (resolved from the repository's node_modules),
 * measured by scripts/audit.mjs beside the shop in the same run. Its image settings are the shop's
 * own object (lib/image-settings.ts, which next.config.ts uses too), so the picture page
 * (`/pictures`) costs what the listing's pictures cost.
 *
 * Built into `FLOOR_DIST_DIR` (scripts/lib/floor-app.mjs); `/media/**` is proxied to the shop API
 * origin `FLOOR_API_URL`, as the shop does, and `FLOOR_PICTURES` (a JSON array of the listing's
 * "/media/…" paths) is read when the picture page is prerendered.
 */
import { imageSettings } from '../../lib/image-settings.ts';

const api = (process.env.FLOOR_API_URL || 'http://127.0.0.1:8000').replace(/\/$/, '');

/** @type {import('next').NextConfig} */
const config = {
  distDir: process.env.FLOOR_DIST_DIR || '.next',
  poweredByHeader: false,
  images: imageSettings,
  async rewrites() {
    return {
      beforeFiles: [{ source: '/media/:path*', destination: `${api}/media/:path*` }],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default config;
