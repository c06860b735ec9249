'use client';

import { useRef, useState } from 'react';
import { Picture } from '@/components/product-image/picture';
import type { Image as ContractImage } from '@/lib/api/contract/catalog';
import type { CssClasses } from '@/lib/css-classes';
import { useProductSelection } from './product-selection';
import type { GalleryPhoto } from '../utils/gallery-photos';

/** Props of `ProductGallery`. */
export type ProductGalleryProps = {
  /** Product name, for alt texts. */
  name: string;
  /** Images by offer id (colour); an offer without images falls back to `fallback`. */
  imagesByOffer: Record<number, ContractImage[]>;
  /** The product's own images. */
  fallback: ContractImage[];
  /**
   * `<img>` props of every photo by image URL, made on the server (`galleryPhotos`), which also
   * preloads the first main picture: the gallery ships no image code (issue #30).
   */
  photos: Record<string, GalleryPhoto>;
  /**
   * product-gallery.module.css's class names, from the server (./product-island-classes.ts): a
   * client module importing the CSS module would put its class map into the first-visit JS (issue #30).
   */
  classes: CssClasses;
};

/**
 * The product gallery: the main 3:4 image (preloaded, the page's LCP) and thumbnails that switch
 * it; follows the colour chosen in the purchase panel; a click zooms the photo 2× following the
 * pointer, a swipe on touch screens goes to the next/previous photo. Server-rendered with the first image.
 */
export function ProductGallery({ name, imagesByOffer, fallback, photos, classes: styles }: ProductGalleryProps) {
  const { offerId } = useProductSelection();
  const images = imagesByOffer[offerId]?.length ? (imagesByOffer[offerId] ?? fallback) : fallback;
  const ordered = [...images].sort((a, b) => Number(b.is_main) - Number(a.is_main));
  // The chosen thumbnail belongs to one colour: switching colour starts again at the first image.
  const [chosen, setChosen] = useState({ offerId, index: 0 });
  const index = chosen.offerId === offerId ? chosen.index : 0;
  const setIndex = (i: number) => setChosen({ offerId, index: i });

  const current = ordered[Math.min(index, ordered.length - 1)];
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const step = (delta: number) => {
    if (ordered.length < 2) return;
    setZoom(null);
    setIndex((index + delta + ordered.length) % ordered.length);
  };
  return (
    <div className={styles.gallery}>
      <div
        className={`${styles.main} ${zoom ? styles.zoomed : ''}`}
        data-testid="gallery-main"
        style={zoom ? ({ '--zoom-x': `${zoom.x}%`, '--zoom-y': `${zoom.y}%` } as React.CSSProperties) : undefined}
        // Zoom: a click (mouse) toggles a 2× view that follows the pointer.
        onClick={(event) => {
          if (swipe.current === null && event.detail > 0) {
            const box = event.currentTarget.getBoundingClientRect();
            setZoom(
              zoom
                ? null
                : {
                    x: ((event.clientX - box.left) / box.width) * 100,
                    y: ((event.clientY - box.top) / box.height) * 100,
                  },
            );
          }
        }}
        onMouseMove={(event) => {
          if (!zoom) return;
          const box = event.currentTarget.getBoundingClientRect();
          setZoom({
            x: ((event.clientX - box.left) / box.width) * 100,
            y: ((event.clientY - box.top) / box.height) * 100,
          });
        }}
        onMouseLeave={() => setZoom(null)}
        // Swipe on touch screens: left/right by more than 40 px changes the photo.
        onTouchStart={(event) => {
          const touch = event.touches[0];
          if (touch) swipe.current = { x: touch.clientX, y: touch.clientY };
        }}
        onTouchEnd={(event) => {
          const start = swipe.current;
          const touch = event.changedTouches[0];
          swipe.current = null;
          if (!start || !touch) return;
          const dx = touch.clientX - start.x;
          if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(touch.clientY - start.y)) step(dx < 0 ? 1 : -1);
        }}
      >
        {current && photos[current.image] ? (
          <Picture props={{ ...photos[current.image]!.main, alt: current.alt || name, className: styles.mainImage }} />
        ) : (
          <span className={styles.noImage}>Нет фото</span>
        )}
        {ordered.length > 1 ? (
          <p className={styles.counter} aria-live="polite">
            {Math.min(index, ordered.length - 1) + 1} / {ordered.length}
          </p>
        ) : null}
      </div>
      {ordered.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Фотографии товара">
          {ordered.map((image, i) => (
            <li key={`${image.image}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Фото ${i + 1} из ${ordered.length}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                {/* Crawlers index every photo: the alt names the product, colour and view (issue #14). */}
                {photos[image.image] ? (
                  <Picture
                    props={{
                      ...photos[image.image]!.thumb,
                      alt: `${image.alt || name} — фото ${i + 1}`,
                      className: styles.thumbImage,
                    }}
                  />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
