import { getImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';
import { skipsOptimizer } from '@/lib/image-settings';
import { Picture, type PictureProps } from './picture';

/** Props of `ProductImage`: an image of the contract (`Image` of lib/api/contract/catalog). */
export type ProductImageProps = {
  /** "/media/…" (optimised through the /media rewrite) or an absolute URL (served as is). */
  src: string;
  alt: string;
  /** CSS `sizes` for the responsive srcset. */
  sizes: string;
  /** Preload as the LCP image with `fetchpriority=high` (first row of a grid, main product image). */
  preload?: boolean;
  /**
   * With `preload`: a media query the preload is for (`(min-width: 768px)`: a tile that is in the
   * first row only from that width). The photo then loads eagerly at normal priority, and the
   * preload (high priority) is fetched only where the query matches.
   */
  preloadMedia?: string;
  className?: string;
};

/**
 * The `<img>` props next/image would render for `src` (`fill`, the optimiser's srcset for `sizes`),
 * from next/image's `getImageProps`, without its client component. Call it on the server and hand
 * the result to a client island (`Picture`) to keep the image code out of the browser (issue #30).
 * The LCP candidate (`preload`) loads eagerly with `fetchpriority=high`; the others lazily. SVG
 * and absolute URLs skip the optimiser (SVG is refused by it; foreign hosts are not configured).
 */
export function pictureProps({
  src,
  alt,
  sizes,
  preload = false,
  preloadMedia,
  className,
}: ProductImageProps): PictureProps {
  return getImageProps({
    src,
    alt,
    fill: true,
    sizes,
    // The LCP candidate is fetched first (web.dev "Optimize LCP": preload + fetchpriority).
    fetchPriority: preload && !preloadMedia ? 'high' : undefined,
    loading: preload ? 'eager' : 'lazy',
    unoptimized: skipsOptimizer(src),
    className,
  }).props;
}

/**
 * Announces the LCP photo of `props` (from {@link pictureProps}) with `<link rel=preload
 * imagesrcset fetchpriority=high>` through React DOM's `preload`, as next/image does; in a server
 * component the link goes into the streamed head. `media`: only for screens it matches.
 */
export function preloadPicture(props: PictureProps, media?: string): void {
  if (props.src)
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
      media,
    });
}

/**
 * A product photo (or a promo banner) filling its box: the `<img>` next/image would render
 * ({@link pictureProps}), so the tiles, the banners and the header's basket ship no image
 * component, router context or effects to the browser (issue #30, first-visit JS;
 * docs/lighthouse.md). With `preload` the photo is the LCP candidate: announced in the head
 * ({@link preloadPicture}), eager and high priority.
 */
export function ProductImage(props: ProductImageProps) {
  const picture = pictureProps(props);
  if (props.preload) preloadPicture(picture, props.preloadMedia);
  return <Picture props={picture} />;
}
