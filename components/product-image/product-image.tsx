import Image from 'next/image';

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
 * A product photo filling its (3:4) box via next/image `fill`. SVG and absolute URLs skip the
 * optimiser (SVG is refused by it; foreign hosts are not configured).
 */
export function ProductImage({ src, alt, sizes, preload = false, className }: ProductImageProps) {
  const unoptimized = /^https?:\/\//.test(src) || /\.svg($|\?)/i.test(src);
  return (
    <Image
      src={src}
      alt={alt}
      fill
      sizes={sizes}
      preload={preload}
      // The LCP candidate is fetched first (web.dev "Optimize LCP": preload + fetchpriority).
      fetchPriority={preload ? 'high' : undefined}
      loading={preload ? undefined : 'lazy'}
      unoptimized={unoptimized}
      className={className}
    />
  );
}

/** The main image of a product (`is_main`, else the first), or undefined. */
export function mainImage<T extends { is_main: boolean }>(images: readonly T[]): T | undefined {
  return images.find((image) => image.is_main) ?? images[0];
}
