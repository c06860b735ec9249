import { ProductImage } from '@/components/product-image/product-image';
import { getBanners } from '../api/get-banners';
import styles from './banners.module.css';

/**
 * The banner slot of the home page (GET /v1/banner, spec §3 banners) or of a listing
 * (GET /v1/containerbanners?section=, catalogBanners): a horizontally scrollable row of promo
 * banners, each a link with a picture, title, text and a call to action. Nothing renders when
 * there are no banners or they failed to load (spec §8: only logged). On the home page the first
 * picture is preloaded with high priority (the largest paint of a phone's first screen); the rest
 * load lazily. A listing's banners load lazily: on phones they come after the first products
 * (issue #14 item 16), and a preload would compete with the product photos.
 */
export async function PromoBanners({ place = 'home', section }: { place?: 'home' | 'container'; section?: string }) {
  const banners = await getBanners(place, section);
  if (banners.length === 0) return null;
  const eager = place === 'home';
  return (
    <section aria-label="Акции и предложения" className={styles.section}>
      <ul className={styles.row}>
        {banners.map((banner, index) => (
          <li key={banner.id} className={styles.item}>
            <a href={banner.link} className={styles.link}>
              {/* next/image's <img> without its client component (issue #30, first-visit JS).
                  The first banner is above the fold on phones and often the page's LCP (issue #7). */}
              <ProductImage
                src={banner.image}
                alt={banner.image_alt}
                sizes="(min-width: 1024px) 640px, 90vw"
                preload={eager && index === 0}
                className={styles.image}
              />
              <span className={styles.text}>
                <span className={styles.title}>{banner.title}</span>
                <span>{banner.text}</span>
                <span className={styles.cta}>{banner.link_text}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
