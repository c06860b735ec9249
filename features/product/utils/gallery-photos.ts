import type { PictureProps } from '@/components/product-image/picture';
import { pictureProps } from '@/components/product-image/product-image';
import type { Image as ContractImage } from '@/lib/api/contract/catalog';
import { PRODUCT_PHOTO_SIZES } from '@/lib/soft-navigation';

/** A gallery photo's two renderings: the main 3:4 picture and its 96 px thumbnail. */
export type GalleryPhoto = { main: PictureProps; thumb: PictureProps };

/**
 * The `<img>` props of every distinct photo of a product (its own and its offers'), by image URL,
 * computed on the server with next/image's `getImageProps` (`pictureProps`) so that the gallery,
 * a client island, renders them without the image code (issue #30, first-visit JS). The main
 * picture is the page's LCP candidate: eager, `fetchpriority=high`, for `PRODUCT_PHOTO_SIZES`
 * (the sizes a tapped product card preloads, lib/soft-navigation.ts); thumbnails are lazy, 96 px.
 * Alt texts are the gallery's to set.
 */
export function galleryPhotos(images: readonly ContractImage[]): Record<string, GalleryPhoto> {
  const photos: Record<string, GalleryPhoto> = {};
  for (const { image } of images) {
    photos[image] ??= {
      main: pictureProps({ src: image, alt: '', sizes: PRODUCT_PHOTO_SIZES, preload: true }),
      thumb: pictureProps({ src: image, alt: '', sizes: '96px' }),
    };
  }
  return photos;
}
