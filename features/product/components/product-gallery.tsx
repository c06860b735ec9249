'use client';

import { useState } from 'react';
import type { Image as ContractImage } from '@/lib/api/contract/catalog';
import { ProductImage } from '@/components/product-image/product-image';
import { useProductSelection } from './product-selection';
import styles from './product-gallery.module.css';

/** Props of `ProductGallery`. */
export type ProductGalleryProps = {
  /** Product name, for alt texts. */
  name: string;
  /** Images by offer id (colour); an offer without images falls back to `fallback`. */
  imagesByOffer: Record<number, ContractImage[]>;
  /** The product's own images. */
  fallback: ContractImage[];
};

/**
 * The product gallery: the main 3:4 image (preloaded, the page's LCP) and thumbnails that switch
 * it; follows the colour chosen in the purchase panel. Server-rendered with the first image.
 */
export function ProductGallery({ name, imagesByOffer, fallback }: ProductGalleryProps) {
  const { offerId } = useProductSelection();
  const images = imagesByOffer[offerId]?.length ? (imagesByOffer[offerId] ?? fallback) : fallback;
  const ordered = [...images].sort((a, b) => Number(b.is_main) - Number(a.is_main));
  // The chosen thumbnail belongs to one colour: switching colour starts again at the first image.
  const [chosen, setChosen] = useState({ offerId, index: 0 });
  const index = chosen.offerId === offerId ? chosen.index : 0;
  const setIndex = (i: number) => setChosen({ offerId, index: i });

  const current = ordered[Math.min(index, ordered.length - 1)];
  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        {current ? (
          <ProductImage
            src={current.image}
            alt={current.alt || name}
            sizes="(max-width: 1024px) 100vw, 50vw"
            preload
            className={styles.mainImage}
          />
        ) : (
          <span className={styles.noImage}>Нет фото</span>
        )}
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
                <ProductImage src={image.image} alt="" sizes="96px" className={styles.thumbImage} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
