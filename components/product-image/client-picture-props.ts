/**
 * `pictureProps` (./product-image) for photos a client island learns only in the browser, such
 * as the basket's lines (per-user data fetched there, so the server cannot make their `<img>`
 * props): the same `<img>` attributes next/image's `getImageProps` gives for `fill` with `sizes`,
 * built from the shop's image settings (lib/image-settings.ts, next.config.ts `images`) without
 * next/image's code (~6 kB gzip in any client module that calls `getImageProps`, issue #30).
 *
 * The URLs follow Next's default loader (`/_next/image?url=<encoded src>&w=<width>&q=<quality>`,
 * documented under next/image `loader`), with widths and quality taken from the configured lists
 * only, so the optimizer accepts every one (it answers 400 to any other width or quality). The
 * srcset's widths are chosen as next/image chooses them. client-picture-props.test.ts compares the
 * result with next/image's own for the same input, so a Next upgrade that changes either fails
 * there. Not covered (the shop configures none of them): `images.path`, a custom loader,
 * `unoptimized`, `dangerouslyAllowSVG`, a deployment id (`&dpl=`).
 */
import { imageSettings, skipsOptimizer } from '@/lib/image-settings';
import type { PictureProps } from './picture';
import type { ProductImageProps } from './product-image';

/** next/image's default `images.path`: where `next start` serves the image optimizer. */
const OPTIMIZER_PATH = '/_next/image';
/** next/image's default quality; the configured quality closest to it is used. */
const DEFAULT_QUALITY = 75;

const deviceSizes = [...(imageSettings.deviceSizes ?? [])].sort((a, b) => a - b);
const allSizes = [...deviceSizes, ...(imageSettings.imageSizes ?? [])].sort((a, b) => a - b);
const quality = (imageSettings.qualities ?? [DEFAULT_QUALITY]).reduce((best, q) =>
  Math.abs(q - DEFAULT_QUALITY) < Math.abs(best - DEFAULT_QUALITY) ? q : best,
);

/**
 * The srcset's widths, px, as next/image picks them for `sizes`: every configured width, or, when
 * `sizes` names viewport widths (`50vw`), those at least the smallest share of the smallest device.
 */
function widthsFor(sizes: string): number[] {
  const shares = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((match) => Number(match[2]));
  if (shares.length === 0) return allSizes;
  const smallest = (Math.min(...shares) / 100) * deviceSizes[0]!;
  return allSizes.filter((width) => width >= smallest);
}

/** The optimizer's URL for `src` at `width` px (Next's default loader). */
function optimizerUrl(src: string, width: number): string {
  return `${OPTIMIZER_PATH}?url=${encodeURIComponent(src)}&w=${width}&q=${quality}`;
}

/**
 * The `<img>` props `pictureProps(props)` returns (next/image, `fill`), for rendering with
 * `Picture` in a client island: `src` "/media/…" gets the optimizer's srcset for `sizes` (src at
 * the largest width); an absolute URL or an SVG is served as it is (as `pictureProps` does). Lazy
 * unless `preload` (then eager with `fetchpriority=high`; the `<link rel=preload>` stays
 * `preloadPicture`'s). Throws nothing.
 */
export function clientPictureProps({ src, alt, sizes, preload = false, className }: ProductImageProps): PictureProps {
  const unoptimized = skipsOptimizer(src);
  const widths = unoptimized ? [] : widthsFor(sizes);
  return {
    alt,
    loading: preload ? 'eager' : 'lazy',
    fetchPriority: preload ? 'high' : undefined,
    // `fill`: no intrinsic size, the box sizes the photo.
    width: undefined,
    height: undefined,
    decoding: 'async',
    className,
    style: {
      position: 'absolute',
      height: '100%',
      width: '100%',
      left: 0,
      top: 0,
      right: 0,
      bottom: 0,
      color: 'transparent',
    },
    sizes: unoptimized ? undefined : sizes,
    srcSet: unoptimized ? undefined : widths.map((width) => `${optimizerUrl(src, width)} ${width}w`).join(', '),
    src: unoptimized ? src : optimizerUrl(src, widths[widths.length - 1]!),
  };
}
