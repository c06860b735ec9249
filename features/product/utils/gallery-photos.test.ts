/**
 * galleryPhotos (issue #30): the product page's gallery gets its pictures' `<img>` props from the
 * server: one entry per distinct photo, the main picture eager and high priority for the product
 * photo sizes, the thumbnail lazy at 96 px, both through the image optimiser.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT_PHOTO_SIZES } from '@/lib/soft-navigation';
import { galleryPhotos } from './gallery-photos';

const image = (url: string, isMain = false) => ({ image: url, alt: '', is_main: isMain, width: 900, height: 1200 });

describe('galleryPhotos', () => {
  it('gives each distinct photo an eager main picture and a lazy thumbnail', () => {
    const photos = galleryPhotos([image('/media/a.webp', true), image('/media/b.webp'), image('/media/a.webp')]);
    expect(Object.keys(photos)).toEqual(['/media/a.webp', '/media/b.webp']);
    const { main, thumb } = photos['/media/a.webp']!;
    expect(main).toMatchObject({ loading: 'eager', fetchPriority: 'high', sizes: PRODUCT_PHOTO_SIZES });
    expect(main.srcSet).toMatch(/^\/_next\/image\?url=%2Fmedia%2Fa\.webp&w=\d+&q=75 \d+w, /);
    expect(thumb).toMatchObject({ loading: 'lazy', sizes: '96px' });
    expect(thumb.fetchPriority).toBeUndefined();
  });
});
