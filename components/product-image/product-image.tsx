import { getImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

/** Props of `ProductImage`: an image of the contract (`Image` of lib/api/contract/catalog). */
export type ProductImageProps = {
  /** "/media/…" (optimised through the /media rewrite) or an absolute URL (served as is). */
  src: string;
  alt: string;
  /** CSS `sizes` for the responsive srcset. */
  sizes: string;
  /** Preload as the LCP image with `fetchpriority=high` (first row of a grid, main product image). */
  preload?: boolean;
  className?: string;
};

/**
 * A product photo (or a promo banner) filling its box: the `<img>` next/image would render
 * (`fill`, the optimiser's srcset for `sizes`), built with next/image's `getImageProps` instead of
 * its client component, so the tiles, the banners and the header's basket ship no image
 * component, router context or effects to the browser (issue #30, first-visit JS;
 * docs/lighthouse.md). With `preload` the photo is announced with `<link rel=preload imagesrcset
 * fetchpriority=high>` through React DOM's `preload`, as next/image does, and loads eagerly; the
 * others load lazily. SVG and absolute URLs skip the optimiser (SVG is refused by it; foreign
 * hosts are not configured).
 */
export function ProductImage({ src, alt, sizes, preload = false, className }: ProductImageProps) {
  const unoptimized = /^https?:\/\//.test(src) || /\.svg($|\?)/i.test(src);
  const { props } = getImageProps({
    src,
    alt,
    fill: true,
    sizes,
    // The LCP candidate is fetched first (web.dev "Optimize LCP": preload + fetchpriority).
    fetchPriority: preload ? 'high' : undefined,
    loading: preload ? 'eager' : 'lazy',
    unoptimized,
    className,
  });
  if (preload)
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    });
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own props, see above.
  return <img {...props} alt={alt} />;
}
