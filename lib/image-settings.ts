/**
 * The shop's next/image settings (next.config.ts `images`), also the floor app's
 * (tests/floor-app/next.config.mjs, issue #30): the picture floor must cost what the listing's
 * pictures cost, so both read this one object and cannot drift apart. Plain TypeScript that Node
 * can load by stripping types (the floor app's .mjs config imports it directly).
 */
import type { NextConfig } from 'next';

/** `images` of next.config: `/media/**` proxied from the shop API, AVIF then WebP at quality 75. */
export const imageSettings: NonNullable<NextConfig['images']> = {
  localPatterns: [{ pathname: '/media/**' }],
  qualities: [75],
  formats: ['image/avif', 'image/webp'],
  deviceSizes: [390, 640, 828, 1080, 1440, 1920],
  // No 384 next to the 390 device size (docs/decisions.md).
  imageSizes: [96, 160, 256],
};

/**
 * Whether a picture is sent as it is, without the `/_next/image` optimiser: SVG (the optimiser
 * refuses it) and absolute URLs (no remote host is configured above).
 * @param src the picture's `src` as the API gives it
 */
export function skipsOptimizer(src: string): boolean {
  return /^https?:\/\//.test(src) || /\.svg($|\?)/i.test(src);
}
