/**
 * clientPictureProps (issue #30) against next/image itself: for the same input and the shop's
 * image settings it must give exactly the `<img>` props `getImageProps` gives (the function it
 * wraps, `getImgProps`, fed the settings as `next build` hands them to it: Next's defaults
 * overlaid with next.config's `images`), so the basket's thumbnails keep asking the optimizer for
 * URLs it accepts and cannot drift from what the server renders elsewhere.
 */
import { getImgProps } from 'next/dist/shared/lib/get-img-props';
import { imageConfigDefault, prepareImageConfig } from 'next/dist/shared/lib/image-config';
import defaultLoader from 'next/dist/shared/lib/image-loader';
import { describe, expect, it } from 'vitest';
import { imageSettings, skipsOptimizer } from '@/lib/image-settings';
import { clientPictureProps } from './client-picture-props';
import type { ProductImageProps } from './product-image';

const config = prepareImageConfig({ ...imageConfigDefault, ...imageSettings } as Parameters<
  typeof prepareImageConfig
>[0]);

/** What `pictureProps` (./product-image) computes, with the shop's settings instead of the test run's defaults. */
function nextProps({ src, alt, sizes, preload = false, className }: ProductImageProps) {
  const { props } = getImgProps(
    {
      src,
      alt,
      fill: true,
      sizes,
      fetchPriority: preload ? 'high' : undefined,
      loading: preload ? 'eager' : 'lazy',
      unoptimized: skipsOptimizer(src),
      className,
    },
    { defaultLoader, imgConf: config, showAltText: false, blurComplete: false },
  );
  // getImageProps drops the attributes that are undefined; so does the comparison below.
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
}

const inputs: ProductImageProps[] = [
  // The basket's line thumbnail: fixed sizes, so every configured width.
  { src: '/media/products/1/a.webp', alt: '', sizes: '(min-width: 768px) 120px, 88px' },
  { src: '/media/p/купальник 1.jpg', alt: 'Купальник', sizes: '50vw', className: 'photo' },
  { src: '/media/p/b.webp', alt: '', sizes: '(max-width: 1024px) 100vw, 50vw', preload: true },
  { src: '/media/p/c.webp', alt: '', sizes: '(max-width: 640px) 10vw, 5vw' },
  { src: '/media/p/logo.svg', alt: 'Логотип', sizes: '88px' },
  { src: 'https://cdn.example/a.jpg', alt: '', sizes: '88px' },
];

describe('clientPictureProps', () => {
  it.each(inputs)('gives what next/image gives for $src, sizes $sizes', (input) => {
    // toEqual: an undefined attribute renders as nothing (getImageProps drops them; it leaves
    // `objectFit: undefined` in `style`).
    expect(clientPictureProps(input)).toEqual(nextProps(input));
  });

  it('asks the optimizer only for configured widths and quality', () => {
    const { srcSet, src } = clientPictureProps(inputs[0]!);
    const urls = [...srcSet!.split(', ').map((entry) => entry.split(' ')[0]!), src];
    const allowed = [...imageSettings.deviceSizes!, ...imageSettings.imageSizes!];
    for (const url of urls) {
      const query = new URL(url, 'https://shop.example').searchParams;
      expect(query.get('url')).toBe('/media/products/1/a.webp');
      expect(allowed).toContain(Number(query.get('w')));
      expect(imageSettings.qualities).toContain(Number(query.get('q')));
    }
    expect(src).toBe(`/_next/image?url=%2Fmedia%2Fproducts%2F1%2Fa.webp&w=${Math.max(...allowed)}&q=75`);
  });
});
